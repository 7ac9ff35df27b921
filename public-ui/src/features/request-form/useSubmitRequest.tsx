import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequestPayload } from '@shared/api/requests';
import { ApiError, NetworkError } from '../../lib/api';
import { useContent } from '../content/useContent';
import { addPending, onPendingEvent, readPending } from '../offline/pending-requests';
import { homepageStatisticsQueryKey } from '../statistics/api';
import { useToast } from '../toast/ToastProvider';
import { submitRequest } from './api';
import { markDateFull } from './availability';
import { clearDraft } from './draft';
import { dropdownOptionsQueryKey, locationOptionsQueryKey } from './options';
import { createdToast, queuedToast, refusalToast } from './request-toasts';
import { firstErrorField, serverFieldErrors } from './submit';
import { focusField, type RequestFormState } from './useRequestFormState';

/**
 * Sends the request and tells the visitor how it went: the number and the charity's WhatsApp on
 * success (the form and its draft empty); the existing request's number for a duplicate; the
 * active-request limit; the server's field errors on their fields, focusing the first; otherwise the
 * server's message. On any error what the visitor typed stays.
 *
 * Without a connection the request is kept with its Idempotency-Key (features/offline) and the form says
 * it will be sent when the connection returns; PendingRequestsSender sends it and shows the toast, and
 * this hook empties the form (sent) or puts the server's field errors on it (refused).
 */
export function useSubmitRequest(form: RequestFormState) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const content = useContent();
  const { setErrors, reset } = form;
  // The key of this form's request waiting for the connection (after a reload too).
  const [waitingKey, setWaitingKey] = useState<string | null>(() => readPending().at(-1)?.key ?? null);

  const showFieldErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || !error.errors) return;
    const { fields } = serverFieldErrors(error.errors);
    setErrors(fields);
    const first = firstErrorField(fields);
    if (first) focusField(first);
  };

  // The kept request's outcome arrives from PendingRequestsSender; the latest form functions handle it.
  const handlers = useRef({ reset, showFieldErrors });
  handlers.current = { reset, showFieldErrors };
  useEffect(
    () =>
      onPendingEvent((event) => {
        if (event.type === 'queued') setWaitingKey(event.key);
        if (event.type === 'sent') {
          setWaitingKey((key) => (key === event.key ? null : key));
          handlers.current.reset();
          clearDraft();
        }
        if (event.type === 'refused') {
          setWaitingKey((key) => (key === event.key ? null : key));
          handlers.current.showFieldErrors(event.error);
        }
      }),
    [],
  );

  const mutation = useMutation({
    // React Query would pause the send while offline ("online" mode); it runs, and is kept instead.
    networkMode: 'always',
    mutationFn: ({ payload, key }: { payload: RequestPayload; key: string }) =>
      // The browser knows it has no network at all: kept at once rather than after a failed try.
      navigator.onLine === false ? Promise.reject(new NetworkError(new Error('offline'))) : submitRequest(payload, key),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: ['requests'] });
      void queryClient.invalidateQueries({ queryKey: locationOptionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: dropdownOptionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: homepageStatisticsQueryKey });
      toast.show(createdToast(created, content.find('contact_phone')));
      reset();
      clearDraft();
    },
    onError: (error, { payload, key }) => {
      if (error instanceof NetworkError) {
        addPending({ key, payload, savedAt: Date.now() });
        toast.show(queuedToast());
        return;
      }
      // A full date: the next visit to the calendar shows it full at once.
      if (error instanceof ApiError && error.code === 'DATE_FULL' && typeof error.details?.date === 'string') {
        markDateFull(queryClient, error.details.date);
      }
      showFieldErrors(error);
      toast.show(refusalToast(error));
    },
  });
  return { mutation, waitingKey };
}
