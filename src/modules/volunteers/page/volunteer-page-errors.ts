import { defineErrors } from '../../../common/errors/define-errors';

/** The volunteer's page's refusals (volunteer-page.service), each with its one status. */
export const VolunteerPageErrors = defineErrors({
  // An unknown, replaced or malformed link, or a deactivated volunteer's: the same answer for each.
  LINK_NOT_FOUND: { status: 404, message: 'هذا الرابط غير صالح. اطلب رابطاً جديداً من فريق الجمعية' },
  // A pickup that is not (or no longer) assigned to the link's volunteer.
  NOT_YOUR_PICKUP: { status: 403, message: 'هذا الاستلام ليس مسنداً إليك، فلا يمكنك تحديثه' },
  // Completed or cancelled by the team (or another action) before this one.
  PICKUP_CLOSED: { status: 409, message: 'أُغلق هذا الطلب (مكتمل أو ملغي)، فلم يتغير شيء' },
});
