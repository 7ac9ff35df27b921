import { defineErrors } from '../../../common/errors/define-errors';

/** The host's page's error codes (an unknown or expired link is the shared NOT_FOUND, as for an impact report). */
export const SelfServiceErrors = defineErrors({
  // Past the terms' rule (4 hours before the event's end) or no longer in progress: the message gives the charity's phone.
  HOST_CANCEL_CLOSED: { status: 409, message: 'لا يمكن إلغاء الطلب من هذه الصفحة الآن' },
});

/** One text for an unknown link, a link past its 30 days and text that cannot be a link: nothing to tell apart. */
export const LINK_NOT_FOUND = 'رابط الطلب غير صحيح أو انتهت صلاحيته';
