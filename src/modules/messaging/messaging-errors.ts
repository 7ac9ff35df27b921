import { defineErrors } from '../../common/errors/define-errors';

/** Messaging's error codes: one HTTP status each, wherever they are raised. */
export const MessagingErrors = defineErrors({
  // The message cannot go anywhere until an administrator number is configured: the service is not
  // available (503), whichever call needed it (a login code, a reset code, a test message).
  NO_ADMIN_NUMBERS: { status: 503, message: 'لا توجد أرقام واتساب للمشرفين؛ أضفها أولاً أو اضبط ADMIN_WHATSAPP_NUMBERS' },
  // A provider's webhook whose signature is missing or wrong (Twilio, Meta): nothing is changed.
  INVALID_SIGNATURE: { status: 403, message: 'توقيع الطلب غير صحيح' },
  // Meta's subscription handshake with a verify token other than META_VERIFY_TOKEN.
  INVALID_VERIFY_TOKEN: { status: 403, message: 'رمز التحقق من الاشتراك غير صحيح' },
  // ADMIN_WHATSAPP_NUMBERS is set: the environment owns the administrator numbers, the screen cannot change them.
  NUMBERS_FROM_ENVIRONMENT: {
    status: 409,
    message: 'أرقام المشرفين محددة في متغير البيئة ADMIN_WHATSAPP_NUMBERS ولا يمكن تعديلها من لوحة التحكم',
  },
});
