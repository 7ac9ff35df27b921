import type { ManualHomepageStatistics } from '@shared/api/reports';
import { toWesternDigits } from '@shared/digits';

export type FigureField = keyof ManualHomepageStatistics;

export const FIELDS: { field: FigureField; label: string }[] = [
  { field: 'totalRequests', label: 'إجمالي الطلبات' },
  { field: 'uniquePhones', label: 'أرقام الجوال المختلفة' },
  { field: 'foodSavedKg', label: 'الطعام المحفوظ (كجم)' },
  { field: 'familiesBenefited', label: 'الأسر المستفيدة' },
  { field: 'successfulEvents', label: 'المناسبات الناجحة' },
];

/**
 * Spec §5 Homepage statistics, per keystroke: Arabic-Indic digits become Western ones, only whole
 * numbers of 0 or more are accepted, anything else is ignored (null: keep the previous text).
 */
export function acceptWholeNumber(input: string): string | null {
  const western = toWesternDigits(input).trim();
  if (western === '') return '';
  if (!/^\d{1,10}$/.test(western)) return null;
  return String(Number(western));
}

/** The five numbers to send and preview: an empty field is 0. */
export function toFigures(values: Record<FigureField, string>): ManualHomepageStatistics {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' ? 0 : Number(v)])) as unknown as ManualHomepageStatistics;
}
