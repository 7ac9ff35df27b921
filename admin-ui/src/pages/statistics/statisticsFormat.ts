import { formatGregorianAr, formatHijriAr } from '@shared/arabic-date';
import { STATISTICS_PERIOD_LABELS } from '@shared/labels';
import type { PeriodKey, StatisticsReport } from '@shared/statistics';

const numbers = new Intl.NumberFormat('ar-SA-u-nu-latn', { maximumFractionDigits: 2 });
export const formatNumber = (n: number) => numbers.format(n);

const MONTHS = new Intl.DateTimeFormat('ar-SA-u-ca-gregory-nu-latn', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The period in words: a day with its Hijri date, a month, or all time. */
export function periodTitle(report: Pick<StatisticsReport, 'period' | 'date'>): string {
  if (report.period === 'all_time' || !report.date) return STATISTICS_PERIOD_LABELS.all_time;
  if (report.period === 'daily') return `${formatGregorianAr(report.date)} (${formatHijriAr(report.date)})`;
  return MONTHS.format(new Date(`${report.date}T00:00:00Z`));
}

export function samePeriod(a: PeriodKey, b: PeriodKey): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
