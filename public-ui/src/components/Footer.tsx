import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Phone } from 'lucide-react';
import { ar } from '../i18n/ar';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import { HOME_SECTIONS } from '../lib/links';
import { DateWithHijri } from './DateWithHijri';
import { formatPhone } from '../lib/phone';
import { useContent } from '../features/content/useContent';
import { BrandMark } from './BrandMark';
import { LtrText } from './LtrText';
import { SectionLink } from './SectionLink';
import { Skeleton } from './Skeleton';
import { AfterHydration } from './AfterHydration';

export function Footer() {
  const content = useContent();
  const charityName = content.get('charity_name', ar.charityName);
  const license = content.find('license_number');
  const registrationDate = content.find('registration_date');
  const phone = formatPhone(content.find('contact_phone'));
  const year = new Date().getFullYear();

  const value = (text: string | undefined, render: (t: string) => ReactNode) => {
    if (content.isLoading) return <Skeleton width="7rem" />;
    return text ? render(text) : <span className="muted-on-dark">{ar.common.dash}</span>;
  };

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Link to={PUBLIC_ROUTES.home} className="brand brand--on-dark">
            <BrandMark size={44} />
            <span className="brand__name">{charityName}</span>
          </Link>
          <p>{content.get('footer_text', ar.footer.about)}</p>
        </div>

        <nav className="site-footer__col" aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="site-footer__heading">
            {ar.footer.quickLinks}
          </h2>
          <ul>
            <li>
              <SectionLink section={HOME_SECTIONS.home}>{ar.nav.home}</SectionLink>
            </li>
            <li>
              <SectionLink section={HOME_SECTIONS.services}>{ar.nav.services}</SectionLink>
            </li>
            <li>
              <SectionLink section={HOME_SECTIONS.requestForm}>{ar.nav.requestForm}</SectionLink>
            </li>
            <li>
              <SectionLink section={HOME_SECTIONS.contact}>{ar.nav.contactSection}</SectionLink>
            </li>
          </ul>
        </nav>

        <nav className="site-footer__col" aria-labelledby="footer-pages">
          <h2 id="footer-pages" className="site-footer__heading">
            {ar.footer.pages}
          </h2>
          <ul>
            <li>
              <Link to={PUBLIC_ROUTES.about}>{ar.nav.about}</Link>
            </li>
            <li>
              <Link to={PUBLIC_ROUTES.contact}>{ar.nav.contact}</Link>
            </li>
            <li>
              <Link to={PUBLIC_ROUTES.governance}>{ar.nav.governance}</Link>
            </li>
            <li>
              <Link to={PUBLIC_ROUTES.privacy}>{ar.footer.privacy}</Link>
            </li>
            <li>
              <Link to={PUBLIC_ROUTES.terms}>{ar.footer.terms}</Link>
            </li>
          </ul>
        </nav>

        <section className="site-footer__col site-footer__info" aria-labelledby="footer-info">
          <h2 id="footer-info" className="site-footer__heading">
            {ar.footer.info}
          </h2>
          <p className="site-footer__registration">{content.get('registration_title', ar.footer.registrationTitle)}</p>
          <dl className="site-footer__facts">
            <div className="site-footer__fact">
              <dt>{ar.footer.licenseNumber}</dt>
              <dd>
                {value(license, (t) => (
                  <LtrText>{t}</LtrText>
                ))}
              </dd>
            </div>
            <div className="site-footer__fact">
              <dt>{ar.footer.registrationDate}</dt>
              <dd>
                {value(registrationDate, (t) => (
                  <DateWithHijri value={t} />
                ))}
              </dd>
            </div>
            <div className="site-footer__fact">
              <dt>{ar.common.phone}</dt>
              <dd>
                {content.isLoading ? (
                  <Skeleton width="9rem" />
                ) : phone ? (
                  <a href={phone.href} className="site-footer__phone">
                    <Phone size={16} aria-hidden="true" />
                    <LtrText>{phone.display}</LtrText>
                  </a>
                ) : (
                  <span className="muted-on-dark">{ar.common.dash}</span>
                )}
              </dd>
            </div>
          </dl>
        </section>
      </div>
      <div className="site-footer__bottom">
        <div className="container">
          <p>
            {/* The visitor's year, not the build's. */}©{' '}
            <LtrText>
              <AfterHydration>{year}</AfterHydration>
            </LtrText>{' '}
            {charityName}. {ar.footer.rights}.
          </p>
        </div>
      </div>
    </footer>
  );
}
