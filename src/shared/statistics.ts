/**
 * Statistics rules shared by the server, the admin and the public pages (decisions.md "Statistics and
 * impact"). Plain functions, no framework.
 */
import { CO2E_KG_PER_FOOD_KG, KG_PER_MEAL, MEALS_PER_FAMILY } from './constants';
import { REQUEST_STATUSES, RequestStatus, StatisticsPeriod, STATISTICS_PERIODS } from './labels';
import { addDaysToDateString, addMonthsToDateString, isValidDateString, riyadhDateString, riyadhInstant } from './time';

/** One period of the statistics: a Riyadh day, a Riyadh month, or everything. */
export type PeriodKey = { period: 'daily'; date: string } | { period: 'monthly'; year: number; month: number } | { period: 'all_time' };

export interface EventTypeShare {
  value: string;
  label: string;
  count: number;
  /** Percent of the period's requests, one decimal. */
  percentage: number;
}

export interface FoodFigures {
  /** Completed requests' kilograms: weighed where recorded, else the estimate. */
  totalKg: number;
  /** Part of totalKg from the food-calculation estimate (تقديري). */
  estimatedKg: number;
  /** Part of totalKg weighed at collection. */
  weighedKg: number;
  /** Completed requests with a weighed figure. */
  weighedRequests: number;
  /** Estimates derived from totalKg (decisions.md): kg / 0.42, meals / 5 (rounded down), kg × 2.5. */
  meals: number;
  familiesBenefited: number;
  co2eKg: number;
}

/** GET /api/statistics and POST /api/statistics/generate. */
export interface StatisticsReport {
  period: StatisticsPeriod;
  /** The period's first day, YYYY-MM-DD (null for all_time). */
  date: string | null;
  /** The day after the period's last (exclusive end), null for all_time. */
  endDate: string | null;
  generatedAt: string;
  statusCounts: Record<RequestStatus, number>;
  totalRequests: number;
  /** completed / (requests − still active), one decimal; 0 when there are none. */
  successRate: number;
  food: FoodFigures;
  eventTypes: EventTypeShare[];
}

/** The stored metric names (spec §3 Statistics), by period. */
export const EVENT_TYPE_METRIC: Readonly<Record<StatisticsPeriod, string>> = {
  daily: 'daily_event_types',
  monthly: 'monthly_event_types',
  all_time: 'total_event_types',
};

/** Percent with one decimal (0 when the whole is 0). */
export function percentage(part: number, whole: number): number {
  if (!whole) return 0;
  return Math.round((part / whole) * 1000) / 10;
}

/** decisions.md: completed / (all requests in the period except those still active), one decimal. */
export function successRate(counts: Record<RequestStatus, number>): number {
  const finished = counts.completed + counts.cancelled;
  return percentage(counts.completed, finished);
}

/** Kilograms and other figures are kept to two decimals. */
export const round2 = (n: number): number => Math.round(n * 100) / 100;

/** Meals, families and CO2e from kilograms (each an estimate, decisions.md). */
export function foodEstimates(kg: number): Pick<FoodFigures, 'meals' | 'familiesBenefited' | 'co2eKg'> {
  const safe = Math.max(0, kg);
  return {
    meals: Math.floor(safe / KG_PER_MEAL + 1e-9),
    familiesBenefited: Math.floor(safe / KG_PER_MEAL / MEALS_PER_FAMILY + 1e-9),
    co2eKg: round2(safe * CO2E_KG_PER_FOOD_KG),
  };
}

export function foodFigures(estimatedKg: number, weighedKg: number, weighedRequests: number): FoodFigures {
  const totalKg = round2(estimatedKg + weighedKg);
  return {
    totalKg,
    estimatedKg: round2(estimatedKg),
    weighedKg: round2(weighedKg),
    weighedRequests,
    ...foodEstimates(totalKg),
  };
}

export function emptyStatusCounts(): Record<RequestStatus, number> {
  return Object.fromEntries(REQUEST_STATUSES.map((s) => [s, 0])) as Record<RequestStatus, number>;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The Riyadh-day range [start, end) of a period as YYYY-MM-DD strings (null for all_time). */
export function periodRange(key: PeriodKey): { start: string; end: string } | null {
  if (key.period === 'all_time') return null;
  if (key.period === 'daily') return { start: key.date, end: addDaysToDateString(key.date, 1) };
  const start = `${key.year}-${pad2(key.month)}-01`;
  return { start, end: addMonthsToDateString(start, 1) };
}

/** The instants of a period's range in Asia/Riyadh (midnight to midnight). */
export function periodInstants(key: PeriodKey): { from: Date; to: Date } | null {
  const range = periodRange(key);
  return range ? { from: riyadhInstant(range.start), to: riyadhInstant(range.end) } : null;
}

/** Today's period of each kind, in Asia/Riyadh. */
export function currentPeriod(period: StatisticsPeriod, now: Date): PeriodKey {
  const today = riyadhDateString(now);
  if (period === 'daily') return { period, date: today };
  if (period === 'monthly') return { period, year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  return { period: 'all_time' };
}

/** The stored `date` column of a period (its first day; null for all_time). */
export function periodDate(key: PeriodKey): string | null {
  return periodRange(key)?.start ?? null;
}

export type PeriodProblem = { field: 'period' | 'date' | 'year' | 'month'; message: string };

export const PERIOD_MESSAGES = {
  period: 'الفترة يجب أن تكون يومية أو شهرية أو كل الفترات',
  date: 'التاريخ يجب أن يكون تاريخاً صحيحاً بالصيغة YYYY-MM-DD',
  future: 'لا يمكن حساب إحصائيات لتاريخ لم يأت بعد',
  year: 'السنة يجب أن تكون رقماً بين 2000 و 2100',
  month: 'الشهر يجب أن يكون رقماً من 1 إلى 12',
} as const;

function wholeNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\d{1,4}$/.test(value)) return Number(value);
  return null;
}

/**
 * Reads a period from a body or a query ({period, date} | {period, year, month} | {period}); a missing
 * date, year or month means the current one. Future days and months are refused.
 */
export function readPeriodKey(input: Record<string, unknown>, now: Date): PeriodKey | PeriodProblem {
  const period = input.period ?? 'all_time';
  if (typeof period !== 'string' || !(STATISTICS_PERIODS as readonly string[]).includes(period))
    return { field: 'period', message: PERIOD_MESSAGES.period };
  const today = riyadhDateString(now);
  if (period === 'daily') {
    const date = input.date ?? today;
    if (!isValidDateString(date)) return { field: 'date', message: PERIOD_MESSAGES.date };
    if (date > today) return { field: 'date', message: PERIOD_MESSAGES.future };
    return { period, date };
  }
  if (period === 'monthly') {
    const year = input.year === undefined ? Number(today.slice(0, 4)) : wholeNumber(input.year);
    if (year === null || year < 2000 || year > 2100) return { field: 'year', message: PERIOD_MESSAGES.year };
    const month = input.month === undefined ? Number(today.slice(5, 7)) : wholeNumber(input.month);
    if (month === null || month < 1 || month > 12) return { field: 'month', message: PERIOD_MESSAGES.month };
    if (`${year}-${pad2(month)}` > today.slice(0, 7)) return { field: 'month', message: PERIOD_MESSAGES.future };
    return { period, year, month };
  }
  return { period: 'all_time' };
}

/** The event-type chart's colours (spec: they cycle over 7). */
export const CHART_COLORS = ['#1F6F4A', '#C8893B', '#2E7DAF', '#8E5EA2', '#D9534F', '#3BA99C', '#7A6C5D'] as const;
export const chartColor = (index: number): string => CHART_COLORS[index % CHART_COLORS.length];
