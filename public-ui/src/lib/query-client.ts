import { QueryClient } from '@tanstack/react-query';

/**
 * Query defaults from the spec: data never goes stale, no retries, no refetch on window focus,
 * no polling, unused data collected after 5 minutes; mutations never retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        gcTime: 5 * 60 * 1000,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
