import { defineErrors } from '../../../common/errors/define-errors';

/**
 * The organizer's limits on a new request (decisions.md), checked under the phone's lock. Each answer's
 * message names its case (REQUEST_OUTCOME_MESSAGES: the active request's number, the active count).
 */
export const RequestCreationErrors = defineErrors({
  DUPLICATE_REQUEST: { status: 409, message: 'لديك طلب نشط بنفس نوع المناسبة وتاريخها' },
  ACTIVE_REQUESTS_LIMIT: { status: 409, message: 'بلغ رقم المنظم حد الطلبات النشطة' },
});
