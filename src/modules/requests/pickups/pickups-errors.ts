import { defineErrors } from '../../../common/errors/define-errors';

/** The daily capacity's refusal (decisions.md "Pickup capacity"); its message names the date and the next free one. */
export const PickupErrors = defineErrors({
  DATE_FULL: { status: 409, message: 'اكتمل جدول الاستلام في هذا اليوم، اختر يوماً آخر' },
});
