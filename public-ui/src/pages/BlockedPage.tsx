import { Link } from 'react-router';
import { House, LogIn, Wrench } from 'lucide-react';
import { ar } from '../i18n/ar';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import { ADMIN_LOGIN_URL } from '../lib/links';
import { PAGE_CONTENT_STALE_TIME, useContent } from '../features/content/useContent';
import { useSiteAccess, useSiteBlocked } from '../features/site-block/useSiteBlockCheck';
import { BrandMark } from '../components/BrandMark';
import { ContactDetails } from '../components/ContactDetails';
import { PageTitle } from '../components/PageTitle';

const t = ar.pages.blocked;

/** The maintenance page: no site navigation, only contact details and the administrators' entry. */
export default function BlockedPage() {
  const content = useContent({ staleTime: PAGE_CONTENT_STALE_TIME });
  const { data } = useSiteBlocked();
  const charityName = content.get('charity_name', ar.charityName);
  const reopened = data?.blocked === false;
  const isAdmin = useSiteAccess().access === 'admin';

  return (
    <div className="blocked">
      <PageTitle title={t.title} />
      <header className="blocked__brand">
        <BrandMark size={44} />
        <span className="brand__name">{charityName}</span>
      </header>
      <main id="main-content" className="blocked__main" tabIndex={-1}>
        <div className="blocked__card">
          <span className="blocked__icon" aria-hidden="true">
            <Wrench size={36} strokeWidth={1.5} />
          </span>
          <h1 className="blocked__title">{t.title}</h1>
          <p className="blocked__body">{t.body}</p>
          {reopened ? (
            <p className="blocked__reopened" role="status">
              {t.siteBack}{' '}
              <Link to={PUBLIC_ROUTES.home} className="inline-link">
                <House size={16} aria-hidden="true" /> {ar.common.backHome}
              </Link>
            </p>
          ) : null}
          {isAdmin ? (
            <p className="blocked__reopened" role="status">
              {ar.adminPreview.browseAsAdmin}{' '}
              <Link to={PUBLIC_ROUTES.home} className="inline-link">
                <House size={16} aria-hidden="true" /> {ar.common.backHome}
              </Link>
            </p>
          ) : null}
          <h2 className="blocked__subtitle">{t.contactHint}</h2>
          <ContactDetails content={content} hoursFallback="page" layout="list" />
          <div className="blocked__actions">
            <a href={ADMIN_LOGIN_URL} className="button button--secondary">
              <LogIn size={18} aria-hidden="true" className="icon-dir" />
              {t.adminEntry}
            </a>
          </div>
        </div>
      </main>
    </div>
  );
}
