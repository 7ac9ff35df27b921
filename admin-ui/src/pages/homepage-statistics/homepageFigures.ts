import type { ManualHomepageStatistics } from '@shared/api/reports';
import { parseIntegerInput } from '@shared/digits';
import { HOMEPAGE_FIGURES } from '@shared/homepage-figures';

export type FigureField = keyof ManualHomepageStatistics;

/** The five figures in the form's order; each one's label is app.homepage_statistics.fields.<field>. */
export const FIELDS: FigureField[] = HOMEPAGE_FIGURES.map((figure) => figure.manualField);

/**
 * Spec §5 Homepage statistics, per keystroke: Arabic-Indic digits become Western ones, only whole
 * numbers of 0 or more are accepted, anything else is ignored (null: keep the previous text).
 */
export function acceptWholeNumber(input: string): string | null {
  if (input.trim() === '') return '';
  // The server reads the five numbers with the same rule (parseIntegerInput).
  const value = parseIntegerInput(input);
  return value === null || value > 2_147_483_647 ? null : String(value);
}

/** The five numbers to send and preview: an empty field is 0. */
export function toFigures(values: Record<FigureField, string>): ManualHomepageStatistics {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' ? 0 : Number(v)])) as unknown as ManualHomepageStatistics;
}
