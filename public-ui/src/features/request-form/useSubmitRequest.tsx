import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ar } from '../../i18n/ar';
import { ApiError } from '../../lib/api';
import { formatPhone } from '../../lib/phone';
import { LtrText } from '../../components/LtrText';
import { useContent } from '../content/useContent';
import { homepageStatisticsQueryKey } from '../statistics/api';
import { TOAST_REQUEST_LONG_MS, TOAST_REQUEST_MS, useToast } from '../toast/ToastProvider';
import { submitRequest } from './api';
import { markDateFull } from './availability';
import { dropdownOptionsQueryKey, locationOptionsQueryKey } from './options';
import { firstErrorField, serverFieldErrors } from './submit';
import { focusField, type RequestFormState } from './useRequestFormState';

const t = ar.requestForm;

/**
 * Sends the request and tells the visitor how it went: the number and the charity's WhatsApp on
 * success (the form empties); the existing request's number for a duplicate; the active-request limit;
 * the server's field errors on their fields, focusing the first; otherwise the server's message.
 * On any error what the visitor typed stays.
 */
export function useSubmitRequest(form: RequestFormState) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const content = useContent();
  const { setErrors } = form;
  return useMutation({
    mutationFn: submitRequest,
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: ['requests'] });
      void queryClient.invalidateQueries({ queryKey: locationOptionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: dropdownOptionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: homepageStatisticsQueryKey });
      const phone = formatPhone(content.find('contact_phone'));
      toast.show({
        variant: 'success',
        duration: TOAST_REQUEST_LONG_MS,
        title: t.toasts.successTitle,
        description: (
          <>
            {t.toasts.successNumber}{' '}
            <LtrText>
              <strong>#{created.id}</strong>
            </LtrText>
            . {/* Only a mobile can receive the WhatsApp message; a landline or 920 number cannot. */}
            {phone?.whatsapp ? (
              <>
                {t.toasts.successBody}{' '}
                <a href={`https://wa.me/${phone.whatsapp}`} className="inline-link" target="_blank" rel="noreferrer">
                  <LtrText>{phone.display}</LtrText>
                </a>
                .
              </>
            ) : (
              t.toasts.successBodyNoPhone
            )}
          </>
        ),
      });
      form.reset();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'DUPLICATE_REQUEST') {
        const id = error.details?.existingRequestId;
        toast.show({
          variant: 'error',
          duration: TOAST_REQUEST_LONG_MS,
          title: t.toasts.duplicateTitle,
          description: (
            <>
              {t.toasts.duplicateBody}{' '}
              <LtrText>
                <strong>#{String(id ?? '')}</strong>
              </LtrText>
              . {t.toasts.duplicateAdvice}
            </>
          ),
        });
        return;
      }
      if (error instanceof ApiError && error.code === 'DATE_FULL') {
        // The server's sentence names the date and the nearest free one; it goes on the date field too.
        const message = error.serverMessage || t.toasts.dateFullTitle;
        const date = typeof error.details?.date === 'string' ? error.details.date : null;
        if (date) markDateFull(queryClient, date);
        setErrors({ eventDate: message });
        focusField('eventDate');
        toast.show({
          variant: 'error',
          duration: TOAST_REQUEST_LONG_MS,
          title: t.toasts.dateFullTitle,
          description: `${message}. ${t.toasts.dateFullAdvice}`,
        });
        return;
      }
      if (error instanceof ApiError && error.code === 'ACTIVE_REQUESTS_LIMIT') {
        const count = Number(error.details?.activeRequestsCount ?? 2);
        toast.show({
          variant: 'error',
          duration: TOAST_REQUEST_LONG_MS,
          title: t.toasts.limitTitle,
          description: (
            <>
              {t.toasts.limitBody}: <LtrText>{String(count)}</LtrText>. {t.toasts.limitAdvice}
            </>
          ),
        });
        return;
      }
      if (error instanceof ApiError && error.errors) {
        const { fields: next, others } = serverFieldErrors(error.errors);
        setErrors(next);
        const first = firstErrorField(next);
        if (first) focusField(first);
        toast.show({
          variant: 'error',
          duration: TOAST_REQUEST_MS,
          title: t.toasts.errorTitle,
          description: error.serverMessage || t.toasts.errorFallback,
          items: [...Object.values(next).filter((m): m is string => !!m), ...others],
        });
        return;
      }
      toast.show({
        variant: 'error',
        duration: TOAST_REQUEST_MS,
        title: t.toasts.errorTitle,
        description: (error instanceof ApiError && error.serverMessage) || t.toasts.errorFallback,
      });
    },
  });
}
