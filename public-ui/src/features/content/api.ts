import { api } from '../../lib/api';

export type { ContentKey } from '@shared/content-keys';

export interface ContentEntry {
  key: string;
  value: string | null;
  type?: string;
}

export type ContentMap = ReadonlyMap<string, string>;

function entriesOf(payload: unknown): ContentEntry[] {
  if (Array.isArray(payload)) return payload as ContentEntry[];
  if (payload && typeof payload === 'object') {
    const data = (payload as { data?: unknown }).data;
    if (Array.isArray(data)) return data as ContentEntry[];
    return Object.entries(payload as Record<string, unknown>).map(([key, value]) => ({
      key,
      value: typeof value === 'string' ? value : null,
    }));
  }
  return [];
}

/** Keeps the entries that have text; an empty value means "use the built-in fallback". */
export function toContentMap(payload: unknown): ContentMap {
  const map = new Map<string, string>();
  for (const entry of entriesOf(payload)) {
    if (!entry || typeof entry.key !== 'string') continue;
    const value = typeof entry.value === 'string' ? entry.value.trim() : '';
    if (value) map.set(entry.key, value);
  }
  return map;
}

export const contentQueryKey = ['content'] as const;

export function fetchContent(signal?: AbortSignal): Promise<ContentMap> {
  return api.get<unknown>('/api/content', signal).then(toContentMap);
}
