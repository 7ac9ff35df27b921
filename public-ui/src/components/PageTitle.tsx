import { ar } from '../i18n/ar';

/** The document title of a page (React 19 hoists <title> into the head). */
export function PageTitle({ title }: { title?: string }) {
  const text = title ? `${title}${ar.titleSeparator}${ar.charityName}` : `${ar.charityName}${ar.titleSeparator}${ar.siteTitle}`;
  return <title>{text}</title>;
}
