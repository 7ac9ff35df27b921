import { QueryClient } from '@tanstack/react-query';

/**
 * Query defaults from the spec (admin-side section 9): data is never stale, queries and mutations do
 * not retry, and nothing refetches on focus. Screens that must poll set refetchInterval themselves.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
    },
    mutations: {
      retry: false,
    },
  },
});
