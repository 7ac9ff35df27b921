import { defineErrors } from '../../../common/errors/define-errors';

export const ImpactErrors = defineErrors({
  REPORT_FILE_UNAVAILABLE: { status: 503, message: 'تعذّر تجهيز ملف التقرير الآن، يرجى المحاولة بعد قليل' },
});
