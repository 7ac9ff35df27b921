import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
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

/** Reads the editable site content (GET /api/content) with built-in fallbacks. */
export function useContent(options: UseContentOptions = {}): ContentReader {
  const query = useQuery({
    queryKey: contentQueryKey,
    queryFn: ({ signal }) => fetchContent(signal),
    ...(options.staleTime !== undefined ? { staleTime: options.staleTime } : {}),
  });
  const data = query.data;
  const find = useCallback((key: ContentKey) => data?.get(key), [data]);
  const get = useCallback((key: ContentKey, fallback: string) => data?.get(key) ?? fallback, [data]);
  return { get, find, isLoading: query.isPending, isError: query.isError };
}

/** Content staleness on the about and contact pages. */
export const PAGE_CONTENT_STALE_TIME = 5 * 60 * 1000;
