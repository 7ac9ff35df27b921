import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  lead?: ReactNode;
  eyebrow?: string;
}

/** The heading band at the top of an inner page: the page's only h1. */
export function PageHeader({ title, lead, eyebrow }: PageHeaderProps) {
  return (
    <section className="page-hero" aria-labelledby="page-title">
      <div className="container page-hero__inner">
        {eyebrow ? <p className="eyebrow eyebrow--on-dark">{eyebrow}</p> : null}
        <h1 id="page-title" className="page-hero__title">
          {title}
        </h1>
        {lead ? <p className="page-hero__lead">{lead}</p> : null}
      </div>
    </section>
  );
}
