import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import type { QuickMessageChange } from '@shared/api/quick-messages';
import type { CharityDataProvider } from '../../providers/customMethods';

// The quick-messages calls outside react-admin's list convention (spec: admin-side section 7), as the
// dataProvider's custom methods (providers/customMethods.ts); these helpers answer the server's JSON.

/** The stats cards' query; react-admin's refresh invalidates it with the list. */
export const QUICK_MESSAGE_STATS_KEY = ['admin', 'quick-messages', 'stats'] as const;

export function useQuickMessagesApi() {
  const dataProvider = useDataProvider<CharityDataProvider>();
  return useMemo(
    () => ({
      fetchStats: (signal?: AbortSignal) => dataProvider.getQuickMessageStats(signal).then(({ data }) => data),
      remove: (ids: number[]) => dataProvider.deleteQuickMessages(ids).then(({ data }) => data),
      reply: (id: number, reply: string) => dataProvider.replyToQuickMessage(id, reply).then(({ data }) => data),
      change: (id: number, change: QuickMessageChange) => dataProvider.changeQuickMessage(id, change).then(({ data }) => data),
      resend: (id: number) => dataProvider.retryQuickMessage(id).then(({ data }) => data),
    }),
    [dataProvider],
  );
}
