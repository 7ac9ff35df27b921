import type { LegalDocument } from '../i18n/legal';

/** A static text page body: numbered sections with paragraphs and bullet points. */
export function LegalDocumentView({ document: doc }: { document: LegalDocument }) {
  return (
    <div className="container container--narrow page-body legal">
      <p className="legal__updated">{doc.updated}</p>
      {doc.sections.map((section, index) => (
        <section key={section.title} className="legal__section" aria-labelledby={`legal-${index}`}>
          <h2 id={`legal-${index}`} className="legal__title">
            {section.title}
          </h2>
          {section.paragraphs?.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {section.bullets ? (
            <ul className="legal__list">
              {section.bullets.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}
