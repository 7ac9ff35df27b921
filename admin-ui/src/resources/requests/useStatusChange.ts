import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { AdminRequestRow } from '@shared/api/requests';
import type { RequestStatus } from '@shared/labels';
import { isApiError } from '../../providers/httpClient';
import { useRequestsApi } from './requestsApi';
import { singleStatusToast } from './statusToasts';

export interface StatusChange {
  status: RequestStatus;
  cancellationReason?: string;
  weighedKg?: number;
}

/**
 * Changes one request's status and says how it went: the spec's toast when the customer was told on
 * WhatsApp, the plain truth when not (the server's `notified`). The list, the counters and the request's
 * history reload. Answers whether the change was saved.
 */
export function useStatusChange() {
  const notify = useNotify();
  const translate = useTranslate();
  const refresh = useRefresh();
  const api = useRequestsApi();
  return async (record: AdminRequestRow, change: StatusChange): Promise<boolean> => {
    try {
      const result = await api.changeStatus(record.id, change);
      const told = result.notified ?? record.whatsappOptIn;
      notify(result.changed ? singleStatusToast(change.status === 'cancelled', told) : result.message, { type: 'success' });
      refresh();
      return true;
    } catch (error) {
      const text = isApiError(error)
        ? translate('app.desk.status.failed_with', { message: error.message })
        : translate('app.desk.status.failed');
      notify(text, { type: 'error', messageArgs: { _: text } });
      return false;
    }
  };
}
