import { NOT_FOUND_META } from '@shared/page-status';

/** True when the server answered the page at the browser's current address 404 (see NOT_FOUND_META). */
export function serverSaidNotFound(): boolean {
  if (typeof document === 'undefined') return false;
  return document.querySelector<HTMLMetaElement>(`meta[name="${NOT_FOUND_META}"]`)?.content === window.location.pathname;
}
