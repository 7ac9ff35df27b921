import { ar } from '../../i18n/ar';
import { ApiError } from '../../lib/api';
import { formatPhone } from '../../lib/phone';
import { LtrText } from '../../components/LtrText';
import { TOAST_REQUEST_LONG_MS, TOAST_REQUEST_MS, type ToastInput } from '../toast/ToastProvider';
import { serverFieldErrors } from './submit';

const t = ar.requestForm;

/** The request's number and the charity's WhatsApp, after it was created (sent now or once back online). */
export function createdToast(created: { id: number }, contactPhone: string | undefined): ToastInput {
  const phone = formatPhone(contactPhone);
  return {
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
  };
}

/**
 * What the visitor is told when the server refused the request: the existing request's number for a
 * duplicate, the active-request limit, the field errors as a list, otherwise the server's message.
 */
export function refusalToast(error: unknown): ToastInput {
  if (error instanceof ApiError && error.code === 'DUPLICATE_REQUEST') {
    const id = error.details?.existingRequestId;
    return {
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
    };
  }
  if (error instanceof ApiError && error.code === 'DATE_FULL') {
    // The server's sentence names the date and the nearest free one; it is on the date field too.
    const message = error.serverMessage || t.toasts.dateFullTitle;
    return {
      variant: 'error',
      duration: TOAST_REQUEST_LONG_MS,
      title: t.toasts.dateFullTitle,
      description: `${message}. ${t.toasts.dateFullAdvice}`,
    };
  }
  if (error instanceof ApiError && error.code === 'ACTIVE_REQUESTS_LIMIT') {
    const count = Number(error.details?.activeRequestsCount ?? 2);
    return {
      variant: 'error',
      duration: TOAST_REQUEST_LONG_MS,
      title: t.toasts.limitTitle,
      description: (
        <>
          {t.toasts.limitBody}: <LtrText>{String(count)}</LtrText>. {t.toasts.limitAdvice}
        </>
      ),
    };
  }
  if (error instanceof ApiError && error.errors) {
    const { fields, others } = serverFieldErrors(error.errors);
    return {
      variant: 'error',
      duration: TOAST_REQUEST_MS,
      title: t.toasts.errorTitle,
      description: error.serverMessage || t.toasts.errorFallback,
      items: [...Object.values(fields).filter((m): m is string => !!m), ...others],
    };
  }
  return {
    variant: 'error',
    duration: TOAST_REQUEST_MS,
    title: t.toasts.errorTitle,
    description: (error instanceof ApiError && error.serverMessage) || t.toasts.errorFallback,
  };
}

/** Told when the request was kept to be sent once the connection is back. */
export function queuedToast(): ToastInput {
  return { variant: 'info', duration: TOAST_REQUEST_LONG_MS, title: t.offline.queuedTitle, description: t.offline.queuedBody };
}
