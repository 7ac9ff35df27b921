// The host's own page (decisions.md "Beyond the spec": the host's page, cancelling by the host).
import { isActiveStatus } from './labels';
import { riyadhInstant } from './time';

/** Cancelling from the page closes this many hours before the event's end (the terms' rule). */
export const HOST_CANCEL_MIN_HOURS = 4;
/** The link opens until this many days after the event's end; afterwards it answers like an unknown link. */
export const SELF_SERVICE_LINK_DAYS = 30;
/** Longest reason a host may give when cancelling. */
export const HOST_CANCEL_REASON_MAX_LENGTH = 300;
/** The reason a host's cancellation is stored with, before the host's own words. */
export const HOST_CANCEL_REASON = 'ألغاه صاحب الطلب';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** A link's token: 32 bytes in base64url (the page's path and the API's parameter). */
export const SELF_SERVICE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The path of a host's page. */
export function selfServicePath(token: string): string {
  return `/r/${token}`;
}

/** The event's end as an instant: its date and end time in Riyadh (an event past midnight is entered on the next date). */
export function eventEnd(eventDate: string, endTime: string): Date {
  return riyadhInstant(eventDate, endTime);
}

/** Food is collected within this many hours of the event's end (food safety; the desk's deadline too). */
export const COLLECTION_WINDOW_HOURS = 2;

/** End of the collection window: the event's end + 2 hours. */
export function collectionDeadline(eventDate: string, endTime: string): Date {
  return new Date(eventEnd(eventDate, endTime).getTime() + COLLECTION_WINDOW_HOURS * HOUR_MS);
}

/** The last instant a host may cancel: 4 hours before the event's end (exclusive: more than 4 hours must remain). */
export function hostCancelDeadline(eventDate: string, endTime: string): Date {
  return new Date(eventEnd(eventDate, endTime).getTime() - HOST_CANCEL_MIN_HOURS * HOUR_MS);
}

/** Whether the host may cancel now: still received, reviewing or confirmed, and more than 4 hours before the end. */
export function hostMayCancel(status: string, eventDate: string, endTime: string, now: Date): boolean {
  return isActiveStatus(status) && now.getTime() < hostCancelDeadline(eventDate, endTime).getTime();
}

/** Until when the link opens: 30 days after the event's end. */
export function selfServiceLinkExpiry(eventDate: string, endTime: string): Date {
  return new Date(eventEnd(eventDate, endTime).getTime() + SELF_SERVICE_LINK_DAYS * DAY_MS);
}

/** The stored cancellation reason: «ألغاه صاحب الطلب» and, when given, the host's words. */
export function hostCancellationReason(words: string | null | undefined): string {
  const own = words?.trim();
  return own ? `${HOST_CANCEL_REASON}: ${own}` : HOST_CANCEL_REASON;
}

/** The 409's message past the rule: why, and how to reach the charity instead. */
export function hostCancelRefusal(charityPhone: string | null): string {
  const reach = charityPhone ? `تواصلوا مع الجمعية على الرقم ${charityPhone}` : 'تواصلوا مع الجمعية من صفحة «تواصل معنا»';
  return `لا يمكن إلغاء الطلب من هذه الصفحة: يُقبل الإلغاء ما دام الطلب لم يكتمل وقبل انتهاء المناسبة بأكثر من ${HOST_CANCEL_MIN_HOURS} ساعات. للإلغاء ${reach}.`;
}
