import { defineErrors } from '../../common/errors/define-errors';

/** Monitoring's error codes. */
export const MonitoringErrors = defineErrors({
  // Missing or wrong bearer token on GET /metrics (the scraper's configuration is wrong).
  METRICS_TOKEN_INVALID: { status: 401, message: 'رمز الوصول إلى المقاييس مفقود أو غير صحيح' },
});
