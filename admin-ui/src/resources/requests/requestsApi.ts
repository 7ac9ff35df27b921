import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AdminRequestRow, BulkAction, RequestPatch } from '@shared/api/requests';
import type { CharityDataProvider, RequestStatusChange } from '../../providers/customMethods';

// The desk's calls go through the dataProvider: the volunteer is react-admin's update of 'requests'
// (PATCH), the rest are named custom methods (providers/customMethods.ts). These helpers answer the JSON.

export const SUMMARY_QUERY_KEY = ['requests', 'summary'] as const;

/** Counters per status and today's/tomorrow's pickups; refreshed every minute like the dashboard. */
export function useRequestsSummary() {
  const dataProvider = useDataProvider<CharityDataProvider>();
  return useQuery({
    queryKey: SUMMARY_QUERY_KEY,
    queryFn: () => dataProvider.getRequestsSummary().then(({ data }) => data),
    refetchInterval: 60_000,
  });
}

/** The desk's list store key (its sort, filters and selection persist under it). */
export const DESK_STORE_KEY = 'requests.desk';

export const historyKey = (requestId: number) => ['requests', requestId, 'history'] as const;
export const notesKey = (requestId: number) => ['requests', requestId, 'notes'] as const;

export function useRequestsApi() {
  const dataProvider = useDataProvider<CharityDataProvider>();
  return useMemo(
    () => ({
      bulk: (ids: number[], action: BulkAction) => dataProvider.bulkRequests(ids, action).then(({ data }) => data),
      remove: (id: number, reason: string) => dataProvider.deleteRequest(id, reason).then(({ data }) => data),
      changeStatus: (id: number, body: RequestStatusChange) => dataProvider.changeRequestStatus(id, body).then(({ data }) => data),
      history: (id: number) => dataProvider.getRequestHistory(id).then(({ data }) => data),
      notes: (id: number) => dataProvider.getRequestNotes(id).then(({ data }) => data),
      addNote: (id: number, text: string) => dataProvider.addRequestNote(id, text).then(({ data }) => data),
      /** Assigns an active volunteer or none (null); answers the request as the desk shows it. */
      setVolunteer: (record: Pick<AdminRequestRow, 'id'>, volunteerId: RequestPatch['volunteerId']) =>
        dataProvider
          .update<AdminRequestRow>('requests', {
            id: record.id,
            data: { volunteerId } satisfies RequestPatch,
            previousData: record as AdminRequestRow,
          })
          .then(({ data }) => data),
      /**
       * The desk's filtered list as an Excel file: a one-time ticket from an authenticated call, then a
       * plain browser download with the list's filter and sort (the session token never goes into a URL).
       */
      async download(filter: Record<string, unknown>, sort: { field: string; order: string }): Promise<void> {
        const { data: url } = await dataProvider.getRequestsExportUrl(filter, sort);
        const link = document.createElement('a');
        link.href = url;
        link.rel = 'noopener';
        link.download = '';
        document.body.append(link);
        link.click();
        link.remove();
      },
    }),
    [dataProvider],
  );
}
