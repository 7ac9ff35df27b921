/** How close a request is to the end of its collection window (event end + 2 hours). */
export type DeadlineLevel = 'passed' | 'urgent' | 'soon' | 'later';

/** Under this many minutes left the desk warns (red); under SOON_MINUTES it shows amber. */
export const URGENT_MINUTES = 120;
export const SOON_MINUTES = 24 * 60;

export function deadlineLevel(deadline: Date, now: Date): DeadlineLevel {
  const minutes = (deadline.getTime() - now.getTime()) / 60_000;
  if (minutes <= 0) return 'passed';
  if (minutes <= URGENT_MINUTES) return 'urgent';
  if (minutes <= SOON_MINUTES) return 'soon';
  return 'later';
}

/** "بقي ٣ س و١٠ د", "بقي يومان", "انتهت المهلة" — short Arabic text of the time left. */
export function timeLeftText(deadline: Date, now: Date): string {
  const minutes = Math.floor((deadline.getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return 'انتهت مهلة الاستلام';
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  if (days >= 1) return `بقي ${days === 1 ? 'يوم' : days === 2 ? 'يومان' : `${days} أيام`}${hours ? ` و${hours} س` : ''}`;
  if (hours >= 1) return `بقي ${hours} س${mins ? ` و${mins} د` : ''}`;
  return `بقي ${mins} د`;
}
