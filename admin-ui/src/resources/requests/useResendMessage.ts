import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { DeliveryRow } from '@shared/delivery';
import type { CharityDataProvider } from '../../providers/customMethods';
import { isApiError } from '../../providers/httpClient';

/**
 * Sends a failed WhatsApp message again (dataProvider.resendMessage), says how it went, and reloads the
 * list it came from: `listKey` is the key of the caller's own query, not one of react-admin's.
 */
export function useResendMessage(listKey: QueryKey) {
  const notify = useNotify();
  const dataProvider = useDataProvider<CharityDataProvider>();
  const queryClient = useQueryClient();
  return async (message: DeliveryRow) => {
    try {
      await dataProvider.resendMessage(message.id);
      notify('أُعيدت الرسالة إلى قائمة الإرسال', { type: 'success' });
    } catch (error) {
      notify(isApiError(error) ? error.message : 'تعذّرت إعادة الإرسال', { type: 'error' });
    }
    await queryClient.invalidateQueries({ queryKey: listKey });
  };
}
