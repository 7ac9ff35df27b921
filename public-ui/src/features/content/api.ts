import { api } from '../../lib/api';
import { CONTENT_DATA_ID, contentValues, type ContentEntryLike } from '@shared/content-slots';

export type { ContentKey } from '@shared/content-keys';

export type ContentMap = ReadonlyMap<string, string>;

function entriesOf(payload: unknown): ContentEntryLike[] {
  if (Array.isArray(payload)) return payload as ContentEntryLike[];
  if (payload && typeof payload === 'object') {
    const data = (payload as { data?: unknown }).data;
    if (Array.isArray(data)) return data as ContentEntryLike[];
    return Object.entries(payload as Record<string, unknown>).map(([key, value]) => ({
      key,
      value: typeof value === 'string' ? value : null,
    }));
  }
  return [];
}

/** Keeps the entries that have text; an empty value means "use the built-in fallback". */
export function toContentMap(payload: unknown): ContentMap {
  return contentValues(entriesOf(payload));
}

export const contentQueryKey = ['content'] as const;

export function fetchContent(signal?: AbortSignal): Promise<ContentMap> {
  return api.get<unknown>('/api/content', signal).then(toContentMap);
}

/** The content the server sent with the page (GET /api/content's answer, as JSON), or undefined (the page was not filled, or it is unreadable). */
export function contentFromPage(): ContentMap | undefined {
  const text = document.getElementById(CONTENT_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return toContentMap(JSON.parse(text));
  } catch {
    return undefined;
  }
}
