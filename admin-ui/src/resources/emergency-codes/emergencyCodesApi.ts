import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { EmergencyCodeRow } from '@shared/api/security';
import { apiRequest } from '../../providers/httpClient';
import { useNotifyError } from '../../providers/useNotifyError';

/** The API of the emergency codes (its list goes through the dataProvider as resource 'emergency-codes'). */
export const EMERGENCY_CODES_URL = '/api/admin/emergency-access-codes';

export interface NewEmergencyCode {
  masterCode: string;
  securityQuestion: string;
  securityAnswer: string;
  expiresAt?: string;
}

/** Every list of codes (the settings panel and the full page) is read again after a change. */
export function useRefreshEmergencyCodes(): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['emergency-codes'] });
}

export const createEmergencyCode = (body: NewEmergencyCode) =>
  apiRequest<EmergencyCodeRow>(EMERGENCY_CODES_URL, { method: 'POST', json: body });

/** Activate or stop a code, and delete one; each with its toast. */
export function useEmergencyCodeActions() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const refresh = useRefreshEmergencyCodes();
  const update = useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) =>
      apiRequest(`${EMERGENCY_CODES_URL}/${id}`, { method: 'PATCH', json: { isActive } }),
    onSuccess: () => {
      notify('app.emergency_codes.updated', { type: 'success' });
      refresh();
    },
    onError: (error) => notifyError(error, 'app.emergency_codes.update_failed'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest(`${EMERGENCY_CODES_URL}/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      notify('app.emergency_codes.deleted', { type: 'success' });
      refresh();
    },
    onError: (error) => notifyError(error, 'app.emergency_codes.delete_failed'),
  });
  return { update, remove };
}
