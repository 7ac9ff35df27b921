/** Stable error codes of the API envelope, and their default Arabic messages. */
export const ERROR_MESSAGES = {
  VALIDATION_FAILED: 'البيانات المرسلة غير صحيحة، يرجى مراجعة الحقول المحددة',
  INVALID_JSON: 'تعذّر قراءة البيانات المرسلة، يرجى التأكد من صيغتها',
  UNSUPPORTED_MEDIA_TYPE: 'نوع المحتوى غير مدعوم، يرجى إرسال البيانات بصيغة JSON',
  PAYLOAD_TOO_LARGE: 'حجم البيانات المرسلة كبير جداً',
  BODY_TOO_DEEP: 'البيانات المرسلة متداخلة أكثر من المسموح',
  UNAUTHORIZED: 'انتهت صلاحية الجلسة',
  FORBIDDEN: 'ليست لديك صلاحية لهذا الإجراء',
  NOT_FOUND: 'المورد المطلوب غير موجود',
  ROUTE_NOT_FOUND: 'المسار المطلوب غير موجود',
  METHOD_NOT_ALLOWED: 'الطريقة غير مسموحة لهذا المسار',
  CONFLICT: 'تعارض مع بيانات موجودة',
  RATE_LIMITED: 'تم تجاوز عدد المحاولات المسموح، يرجى المحاولة بعد قليل',
  SITE_BLOCKED: 'الموقع متوقف مؤقتاً للصيانة، يرجى المحاولة لاحقاً',
  SERVICE_UNAVAILABLE: 'الخدمة غير متاحة حالياً، يرجى المحاولة بعد قليل',
  DATABASE_UNAVAILABLE: 'الخدمة غير متاحة مؤقتاً، لم يُحفظ شيء. يرجى المحاولة مرة أخرى بعد قليل',
  INTERNAL_ERROR: 'حدث خطأ غير متوقع في الخادم، يرجى المحاولة مرة أخرى',
  BAD_REQUEST: 'الطلب غير صحيح',
  HEADERS_TOO_LARGE: 'عنوان الطلب أو ترويساته أطول من المسموح، يرجى تقصير معايير البحث',
  REQUEST_TIMEOUT: 'انتهت مهلة استلام الطلب، يرجى المحاولة مرة أخرى',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES | (string & {});

export type { ErrorEnvelope } from '../../shared/api/envelope';
