import { lazy, Suspense } from 'react';
import { ar } from '../../i18n/ar';
import { HOME_SECTIONS } from '../../lib/links';
import { Spinner } from '../../components/Spinner';
import { AfterHydration } from '../../components/AfterHydration';
import { useContent } from '../content/useContent';
import { AdminPreviewFormNotice } from '../site-block/AdminPreviewBanner';

// The form's code is a chunk of its own, fetched while the home page first renders, so it never
// weighs on the first download; the calendar and the map load later still, when opened.
const loadForm = () => import('./RequestForm').then((m) => ({ default: m.RequestForm }));
const RequestForm = lazy(loadForm);

const formLoading = (
  <div className="request-form__loading">
    <Spinner size="lg" showLabel />
  </div>
);

/** The home page's #request-form section (the header, footer and hero link to its id). */
export function RequestFormSection() {
  const content = useContent();
  return (
    <section id={HOME_SECTIONS.requestForm} className="section section--sand" tabIndex={-1} aria-labelledby="request-form-title">
      <div className="container container--narrow">
        <header className="section__header">
          <p className="eyebrow">{ar.requestForm.eyebrow}</p>
          <h2 id="request-form-title" className="section__title">
            {content.get('form_title', ar.requestForm.title)}
          </h2>
          <p className="section__lead">{content.get('form_description', ar.requestForm.description)}</p>
        </header>
        <AdminPreviewFormNotice />
        {/* Its dates are the visitor's (today in Riyadh), so it is never pre-rendered. */}
        <AfterHydration fallback={formLoading}>
          <Suspense fallback={formLoading}>
            <RequestForm />
          </Suspense>
        </AfterHydration>
      </div>
    </section>
  );
}
