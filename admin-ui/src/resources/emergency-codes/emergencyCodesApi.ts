import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { EmergencyCodeRow } from '@shared/api/security';
import type { CharityDataProvider } from '../../providers/customMethods';
import { useNotifyError } from '../../providers/useNotifyError';

/** The emergency codes are react-admin's resource 'emergency-codes': list, create, update (PATCH), delete. */
const RESOURCE = 'emergency-codes';

export interface NewEmergencyCode {
  masterCode: string;
  securityQuestion: string;
  securityAnswer: string;
  expiresAt?: string;
}

/**
 * Every list of codes (the settings panel and the full page) is read again after a change: a stopped
 * code leaves the "active" filter, so merging the answer into the cache would not be enough.
 */
export function useRefreshEmergencyCodes(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: [RESOURCE, 'getList'] });
}

/** Creates a code through the dataProvider; the answer carries the full code, shown once. */
export function useCreateEmergencyCode() {
  const dataProvider = useDataProvider<CharityDataProvider>();
  return (body: NewEmergencyCode) =>
    dataProvider.create<EmergencyCodeRow>(RESOURCE, { data: body }).then(({ data }) => data);
}

/** Activate or stop a code, and delete one; each with its toast. */
export function useEmergencyCodeActions() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const refresh = useRefreshEmergencyCodes();
  const update = useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      dataProvider.update<EmergencyCodeRow>(RESOURCE, { id, data: { isActive }, previousData: { id } as EmergencyCodeRow }),
    onSuccess: () => {
      notify('app.emergency_codes.updated', { type: 'success' });
      refresh();
    },
    onError: (error) => notifyError(error, 'app.emergency_codes.update_failed'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => dataProvider.delete<EmergencyCodeRow>(RESOURCE, { id }),
    onSuccess: () => {
      notify('app.emergency_codes.deleted', { type: 'success' });
      refresh();
    },
    onError: (error) => notifyError(error, 'app.emergency_codes.delete_failed'),
  });
  return { update, remove };
}
