/**
 * Content slots in the public pages' pre-rendered HTML. At build time every editable text a page shows
 * (`content.get(key, fallback)`) is written as a slot holding its key and its built-in fallback; the
 * server fills each slot with the charity's current text, or the fallback, on every page it sends.
 * The markers are private-use characters, which the site's own texts never hold and HTML escaping
 * never produces.
 */

/** The id of the JSON element in which the server sends the content it filled the page with. */
export const CONTENT_DATA_ID = 'site-content';

const OPEN = '\uE000';
const SEPARATOR = '\uE001';
const CLOSE = '\uE002';

/** The slot written at build time for one editable text. */
export function contentSlot(key: string, fallback: string): string {
  return `${OPEN}${key}${SEPARATOR}${fallback}${CLOSE}`;
}

const SLOT = new RegExp(`${OPEN}([a-z0-9_]+)${SEPARATOR}([^${OPEN}${SEPARATOR}${CLOSE}]*)${CLOSE}`, 'g');
const MARKER = new RegExp(`[${OPEN}${SEPARATOR}${CLOSE}]`);

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page with every slot replaced by the current text of its key, HTML-escaped (it may stand in text
 * or in an attribute), or by its fallback, which the build already escaped.
 */
export function fillContentSlots(html: string, values: ReadonlyMap<string, string>): string {
  return html.replace(SLOT, (_slot, key: string, escapedFallback: string) => {
    const value = values.get(key);
    return value === undefined ? escapedFallback : escapeHtml(value);
  });
}

/** True when a page holds slot markers that are not whole slots (a component cut or changed one). */
export function hasBrokenSlots(html: string): boolean {
  return MARKER.test(html.replace(SLOT, ''));
}

/** A content row as GET /api/content lists it. */
export interface ContentEntryLike {
  key: string;
  value: string | null;
}

/**
 * The texts the site shows, by key: trimmed, and an empty value means "use the built-in fallback".
 * The public site reads GET /api/content with the same rule.
 */
export function contentValues(entries: readonly ContentEntryLike[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const entry of entries) {
    if (!entry || typeof entry.key !== 'string') continue;
    const value = typeof entry.value === 'string' ? entry.value.trim() : '';
    if (value) map.set(entry.key, value);
  }
  return map;
}
