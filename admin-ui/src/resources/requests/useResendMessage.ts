import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { DeliveryRow } from '@shared/delivery';
import { apiRequest, isApiError } from '../../providers/httpClient';

/** Sends a failed WhatsApp message again, says how it went, and reloads the list it came from. */
export function useResendMessage(listKey: QueryKey) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  return async (message: DeliveryRow) => {
    try {
      await apiRequest(`/api/admin/messages/${message.id}/resend`, { method: 'POST' });
      notify('أُعيدت الرسالة إلى قائمة الإرسال', { type: 'success' });
    } catch (error) {
      notify(isApiError(error) ? error.message : 'تعذّرت إعادة الإرسال', { type: 'error' });
    }
    await queryClient.invalidateQueries({ queryKey: listKey });
  };
}
