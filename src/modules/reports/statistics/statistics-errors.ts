import { defineErrors } from '../../../common/errors/define-errors';

export const StatisticsErrors = defineErrors({
  EXPORT_TICKET_INVALID: { status: 403, message: 'رابط التصدير غير صالح أو منتهي الصلاحية أو استُخدم من قبل، اطلب التصدير من جديد' },
  EXPORT_UNAVAILABLE: { status: 503, message: 'التصدير غير متاح حالياً، حاول مرة أخرى بعد قليل' },
});
