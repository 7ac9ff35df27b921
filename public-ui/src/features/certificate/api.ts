import type { CertificateVerification } from '@shared/api/certificates';
import { CERTIFICATE_NOT_FOUND } from '@shared/certificates';
import { api, ApiError, NetworkError } from '../../lib/api';

export type { CertificateVerification };

export const verificationQueryKey = (code: string) => ['certificate', code] as const;

/** GET /api/verify/{code}: the certificate's figures as issued. */
export function fetchVerification(code: string, signal?: AbortSignal): Promise<CertificateVerification> {
  return api.get<CertificateVerification>(`/api/verify/${encodeURIComponent(code)}`, signal);
}

/** The host's own download of a request's certificate (the host page's route, by its personal link's token). */
export function selfServiceCertificatePath(token: string): string {
  return `/api/self-service/${encodeURIComponent(token)}/certificate`;
}

/** What the page says when the check failed, and whether trying again can help (an unknown code stays unknown). */
export function verificationErrorText(error: unknown): { title: string; body: string; retry: boolean } {
  if (error instanceof ApiError && error.status === 404)
    return { title: CERTIFICATE_NOT_FOUND, body: 'انسخ الرابط كما هو مطبوع تحت رمز QR في الشهادة، أو امسح الرمز مرة أخرى.', retry: false };
  if (error instanceof ApiError && error.status === 429)
    return { title: 'طلبات تحقق كثيرة', body: 'انتظر دقيقة ثم أعد المحاولة.', retry: true };
  if (error instanceof NetworkError)
    return { title: 'تعذّر الاتصال بالخادم', body: 'تحقق من اتصالك بالإنترنت ثم أعد المحاولة.', retry: true };
  return { title: 'تعذّر التحقق من الشهادة', body: 'حاول مجدداً بعد قليل.', retry: true };
}
