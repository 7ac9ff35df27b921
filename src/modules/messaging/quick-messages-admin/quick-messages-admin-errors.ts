import { defineErrors } from '../../../common/errors/define-errors';

/** The quick-messages desk's refusals (quick-messages-admin.service), each with its one status. */
export const QuickMessagesAdminErrors = defineErrors({
  // Only a failed acknowledgement is sent again: one pending or sent would reach the sender twice.
  NOT_FAILED: { status: 409, message: 'لا يمكن إعادة إرسال رسالة لم يفشل إرسالها' },
  // The sender's number cannot receive WhatsApp messages: nothing is sent.
  INVALID_PHONE: { status: 422, message: 'رقم جوال المرسل غير صالح للإرسال عبر واتساب' },
});
