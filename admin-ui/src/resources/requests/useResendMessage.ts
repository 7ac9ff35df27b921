import { useDataProvider, useNotify } from 'react-admin';
import { useNotifyError } from '../../providers/useNotifyError';
import type { DeliveryRow } from '@shared/delivery';
import type { CharityDataProvider } from '../../providers/customMethods';

/**
 * Sends a failed WhatsApp message again (dataProvider.resendMessage), says how it went, and reloads the
 * list it came from: `reload` is the caller's own query's refetch.
 */
export function useResendMessage(reload: () => Promise<unknown>) {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const dataProvider = useDataProvider<CharityDataProvider>();
  return async (message: DeliveryRow) => {
    try {
      await dataProvider.resendMessage(message.id);
      notify('app.desk.messages.resent', { type: 'success' });
    } catch (error) {
      notifyError(error, 'app.desk.messages.resend_failed');
    }
    await reload();
  };
}
