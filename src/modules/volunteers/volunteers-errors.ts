import { defineErrors } from '../../common/errors/define-errors';

/** The volunteers' refusals (volunteers.service), each with its one status. */
export const VolunteerErrors = defineErrors({
  // DELETE on a volunteer whom a request (or an archived one) names: the history stays theirs.
  VOLUNTEER_HAS_HISTORY: { status: 409, message: 'لهذا المتطوع استلامات مسجّلة، فلا يُحذف: أوقف تفعيله بدلاً من ذلك' },
});
