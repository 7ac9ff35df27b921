import { createContext, useCallback, useContext, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { contentSlot } from '@shared/content-slots';
import { useHydrated } from '../../lib/hydration';
import { contentQueryKey, fetchContent, type ContentKey } from './api';

export interface UseContentOptions {
  /** The about and contact pages refresh content after 5 minutes (spec §7); elsewhere it never goes stale. */
  staleTime?: number;
}

export interface ContentReader {
  /** The administrators' text for a key, or the fallback while loading, on error or when empty. */
  get: (key: ContentKey, fallback: string) => string;
  /** The administrators' text for a key, or undefined. */
  find: (key: ContentKey) => string | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** True while the pages are pre-rendered at build time: get() then writes slots the server fills. */
export const ContentSlotsContext = createContext(false);

/**
 * Reads the editable site content (GET /api/content, or the copy the server put in the page) with
 * built-in fallbacks.
 *
 * A pre-rendered page is hydrated with a first render that must equal its HTML. In that render only
 * get() shows text: at build time as a slot, in the browser as the value the server filled the slot
 * with (the same copy seeds the query). Everything else that depends on content (find(), figures,
 * dates) shows its loading state in both and appears right after hydration, from that same copy.
 */
export function useContent(options: UseContentOptions = {}): ContentReader {
  const hydrated = useHydrated();
  const slots = useContext(ContentSlotsContext);
  const query = useQuery({
    queryKey: contentQueryKey,
    queryFn: ({ signal }) => fetchContent(signal),
    ...(options.staleTime !== undefined ? { staleTime: options.staleTime } : {}),
  });
  const data = query.data;
  const find = useCallback((key: ContentKey) => (hydrated ? data?.get(key) : undefined), [data, hydrated]);
  const get = useCallback(
    (key: ContentKey, fallback: string) => (slots ? contentSlot(key, fallback) : (data?.get(key) ?? fallback)),
    [data, slots],
  );
  const isLoading = !hydrated || query.isPending;
  const isError = hydrated && query.isError;
  return useMemo(() => ({ get, find, isLoading, isError }), [get, find, isLoading, isError]);
}

/** Content staleness on the about and contact pages. */
export const PAGE_CONTENT_STALE_TIME = 5 * 60 * 1000;
