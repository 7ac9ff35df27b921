import { ar } from '../../i18n/ar';
import { HOME_SECTIONS } from '../../lib/links';
import { ContactDetails } from '../../components/ContactDetails';
import type { ContentReader } from '../../features/content/useContent';
import { QuickMessageSection } from '../../features/quick-message/QuickMessageSection';

export function ContactSection({ content }: { content: ContentReader }) {
  return (
    <section id={HOME_SECTIONS.contact} className="section" tabIndex={-1} aria-labelledby="contact-title">
      <div className="container">
        <header className="section__header">
          <p className="eyebrow">{ar.contactSection.eyebrow}</p>
          <h2 id="contact-title" className="section__title">
            {ar.contactSection.title}
          </h2>
          <p className="section__lead">{ar.contactSection.lead}</p>
        </header>
        <div className="contact-layout">
          <ContactDetails content={content} hoursFallback="home" layout="list" />
          <QuickMessageSection />
        </div>
      </div>
    </section>
  );
}
