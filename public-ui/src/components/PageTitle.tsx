import { useContent } from '../features/content/useContent';
import { ar } from '../i18n/ar';

/**
 * The document title of a page (React 19 hoists <title> into the head): the page's own title, then the
 * site's title as the administrators set it (the `site_title` content key).
 */
export function PageTitle({ title }: { title?: string }) {
  const site = useContent().get('site_title', ar.charityName);
  const text = title ? `${title}${ar.titleSeparator}${site}` : `${site}${ar.titleSeparator}${ar.siteTitle}`;
  return <title>{text}</title>;
}
