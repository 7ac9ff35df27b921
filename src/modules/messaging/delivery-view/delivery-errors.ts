import { defineErrors } from '../../../common/errors/define-errors';

export const DeliveryErrors = defineErrors({
  MESSAGE_NOT_RESENDABLE: { status: 409, message: 'لا يمكن إعادة إرسال هذه الرسالة' },
});
