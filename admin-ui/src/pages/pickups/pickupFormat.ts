import type { PickupRow } from '@shared/api/pickups';
import { GREGORIAN_LOCALE } from '@shared/arabic-date';
import { riyadhDateString, riyadhInstant, riyadhTimeString, RIYADH_TIME_ZONE } from '@shared/time';

const weekday = new Intl.DateTimeFormat(GREGORIAN_LOCALE, { weekday: 'long', timeZone: RIYADH_TIME_ZONE });
const dayMonth = new Intl.DateTimeFormat(GREGORIAN_LOCALE, { day: 'numeric', month: 'long', timeZone: RIYADH_TIME_ZONE });

const noon = (date: string) => riyadhInstant(date, '12:00');

/** «الخميس» of a calendar date. */
export const weekdayOf = (date: string): string => weekday.format(noon(date));

/** «12 مارس» of a calendar date. */
export const dayMonthOf = (date: string): string => dayMonth.format(noon(date));

/** The deadline's Riyadh time, and whether it falls after the event's day (past midnight). */
export function deadlineOf(p: Pick<PickupRow, 'collectionDeadline' | 'eventDate'>): { time: string; afterMidnight: boolean } {
  const at = new Date(p.collectionDeadline);
  return { time: riyadhTimeString(at), afterMidnight: riyadhDateString(at) !== p.eventDate };
}

/** The pickups that can go on the map (a GPS point or their important place's position). */
export const located = (rows: PickupRow[]) =>
  rows.flatMap((p, index) =>
    p.latitude !== null && p.longitude !== null ? [{ pickup: p, order: index + 1, lat: p.latitude, lng: p.longitude }] : [],
  );

/** Read by screen readers, not shown (MUI's visually-hidden style). */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
