import { defineErrors } from '../../../common/errors/define-errors';

/** The emergency codes' refusals (emergency-codes.service), each with its one status. */
export const EmergencyCodeErrors = defineErrors({
  // A chosen master code that another code already has (only its hash is stored, so it is looked up by it).
  CONFLICT: { status: 409, message: 'رمز الطوارئ هذا مستخدم من قبل، يرجى اختيار رمز آخر' },
});
