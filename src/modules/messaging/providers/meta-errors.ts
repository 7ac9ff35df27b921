import { ProviderError } from './whatsapp-provider';

// Meta's WhatsApp error codes, from
// https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes
// (read November 2026). Meta asks handlers to key on `code`, not on titles or HTTP statuses: most
// errors, rate limits included, come back as HTTP 400.

/** Throttling and passing faults: the same message goes through later. */
const RETRYABLE = new Set([
  '1', // API Unknown: invalid request or possible server error
  '2', // API Service: temporary downtime or overload
  '4', // API Too Many Calls (the app's rate limit)
  '613', // calls to this API exceeded the rate limit
  '80007', // rate limit issues (the WhatsApp Business Account's limit)
  '130429', // rate limit hit: Cloud API throughput reached
  '131000', // something went wrong
  '131016', // service unavailable
  '131048', // spam rate limit hit: sends from this number restricted for a while
  '131056', // (business, consumer) pair rate limit hit: too many messages to this number just now
  '131057', // business account in maintenance mode
  '133004', // server temporarily unavailable
]);

/**
 * The account or its configuration (an expired or revoked token, a locked account, an unpaid bill):
 * retryable, as Twilio's 401/403 are, so fixing the configuration still delivers what waits; the
 * circuit meanwhile pauses sending and alerts the operators.
 */
const ACCOUNT = new Set(['0', '3', '10', '33', '190', '368', '131005', '131031', '131037', '131042', '131045', '133010']);

/** Errors of this message that no retry can fix, with the Arabic reason an administrator reads. */
export const META_PERMANENT_CODES: Readonly<Record<string, string>> = {
  '100': 'معامل غير صالح في طلب الإرسال',
  '130472': 'رقم المستلم ضمن تجربة لدى واتساب',
  '131008': 'معامل مطلوب ناقص في طلب الإرسال',
  '131009': 'قيمة معامل غير صالحة في طلب الإرسال',
  '131021': 'لا يمكن الإرسال إلى رقم المرسل نفسه',
  '131026': 'الرقم غير مسجل في واتساب أو لا يستقبل الرسائل',
  '131030': 'الرقم ليس في قائمة الأرقام المسموح بها لحساب التجربة',
  '131047': 'الرسالة الحرة خارج نافذة الـ24 ساعة',
  '131049': 'امتنعت واتساب عن تسليم الرسالة',
  '131050': 'أوقف المستلم رسائل التسويق',
  '131051': 'نوع الرسالة غير مدعوم',
  '131052': 'تعذر تنزيل الوسائط',
  '131053': 'تعذر رفع الوسائط',
  '132000': 'عدد متغيرات القالب لا يطابق القالب المعتمد',
  '132001': 'لا يوجد قالب معتمد بهذا الاسم واللغة لدى Meta',
  '132005': 'نص القالب بعد تعبئة المتغيرات أطول من المسموح',
  '132007': 'نص القالب يخالف سياسة التنسيق لدى واتساب',
  '132012': 'صيغة متغيرات القالب لا تطابق القالب المعتمد',
  '132015': 'القالب موقوف لدى Meta لانخفاض جودته',
  '132016': 'القالب معطّل لدى Meta',
  '132018': 'في متغيرات القالب رموز غير مقبولة',
  '135000': 'خطأ عام من واتساب في هذه الرسالة',
};

/** Graph API's error answer: `{ error: { message, type, code, error_subcode, error_data: { details } } }`. */
export interface GraphErrorJson {
  error?: {
    message?: string;
    type?: string;
    code?: number | string;
    error_subcode?: number | string;
    error_data?: { details?: string };
    fbtrace_id?: string;
  };
}

/** Maps a Graph API error answer to retryable (throttling, 5xx, the account) or permanent (this message). */
export function metaError(httpStatus: number, json: GraphErrorJson | null, retryAfterMs?: number): ProviderError {
  const error = json?.error;
  const code = error?.code !== undefined && error?.code !== null ? String(error.code) : String(httpStatus);
  const details = error?.error_data?.details;
  const text = [error?.message ?? `Meta answered HTTP ${httpStatus}`, details].filter(Boolean).join(' — ').slice(0, 500);
  if (code in META_PERMANENT_CODES) return new ProviderError(`${META_PERMANENT_CODES[code]}: ${text}`, false, code, httpStatus);
  if (RETRYABLE.has(code) || httpStatus === 429 || httpStatus >= 500) return new ProviderError(text, true, code, httpStatus, retryAfterMs);
  if (ACCOUNT.has(code) || (Number(code) >= 200 && Number(code) <= 299) || httpStatus === 401 || httpStatus === 403) {
    return new ProviderError(text, true, code, httpStatus, retryAfterMs);
  }
  return new ProviderError(text, false, code, httpStatus);
}
