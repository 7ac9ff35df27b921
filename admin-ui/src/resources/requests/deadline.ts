import { i18nProvider } from '../../providers/i18nProvider';

const T = 'app.desk.time_left';
const t = i18nProvider.translate;

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

/** «بقي 3 س و10 د», «بقي يومان», «بقي 14 يومًا», «انتهت مهلة الاستلام»: short Arabic text of the time left. */
export function timeLeftText(deadline: Date, now: Date): string {
  const minutes = Math.floor((deadline.getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return t(`${T}.passed`);
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  if (days >= 1) return t(`${T}.days`, { smart_count: days }) + (hours ? t(`${T}.and_hours`, { hours }) : '');
  if (hours >= 1) return t(`${T}.hours`, { hours }) + (mins ? t(`${T}.and_minutes`, { minutes: mins }) : '');
  return t(`${T}.minutes`, { minutes: mins });
}
