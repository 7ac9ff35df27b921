import { defineErrors } from '../../common/errors/define-errors';
import { FILE_MESSAGES } from '../../shared/files';

export const FileErrors = defineErrors({
  UPLOAD_LINK_INVALID: { status: 403, message: 'رابط رفع الملف غير صالح أو منتهي الصلاحية، اطلب رابطاً جديداً' },
  UPLOAD_LINK_USED: { status: 409, message: 'استُخدم رابط رفع الملف من قبل، اطلب رابطاً جديداً' },
  UPLOAD_TYPE_MISMATCH: { status: 415, message: 'نوع الملف المرسل لا يطابق النوع المصرّح به' },
  FILE_TOO_LARGE: { status: 413, message: FILE_MESSAGES.stickerSize },
  FILE_CONTENT_MISMATCH: { status: 415, message: 'محتوى الملف لا يطابق نوعه، اختر ملفاً صحيحاً' },
  FILE_NOT_UPLOADED: { status: 400, message: 'لم يكتمل رفع الملف، أعد رفعه' },
  DOWNLOAD_LINK_INVALID: { status: 403, message: 'رابط التحميل غير صالح أو منتهي الصلاحية' },
  STORAGE_UNAVAILABLE: { status: 503, message: 'تخزين الملفات غير متاح حالياً، حاول مرة أخرى بعد قليل' },
});
