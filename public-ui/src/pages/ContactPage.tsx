import { ClipboardList } from 'lucide-react';
import { ar } from '../i18n/ar';
import { HOME_SECTIONS } from '../lib/links';
import { PAGE_CONTENT_STALE_TIME, useContent } from '../features/content/useContent';
import { PageTitle } from '../components/PageTitle';
import { PageHeader } from '../components/PageHeader';
import { ContactDetails } from '../components/ContactDetails';
import { SectionLink } from '../components/SectionLink';

const t = ar.pages.contact;

export default function ContactPage() {
  const content = useContent({ staleTime: PAGE_CONTENT_STALE_TIME });
  return (
    <>
      <PageTitle title={t.title} />
      <PageHeader title={t.title} lead={t.lead} />
      <div className="container page-body">
        <ContactDetails content={content} hoursFallback="page" headingLevel={2} showWhatsapp />
        <div className="notice notice--card">
          <span className="icon-tile" aria-hidden="true">
            <ClipboardList size={22} strokeWidth={1.75} />
          </span>
          <p>{t.requestHint}</p>
          <SectionLink section={HOME_SECTIONS.requestForm} className="button button--primary">
            {t.requestButton}
          </SectionLink>
        </div>
      </div>
    </>
  );
}
