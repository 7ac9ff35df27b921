import { toWesternDigits } from './digits';

/** Largest weighed amount a request can carry, in kilograms. */
export const WEIGHED_KG_MAX = 100_000;

/** The Arabic messages of the weighed-kilograms rule (the server's 400 and the admin's field error). */
export const WEIGHED_KG_MESSAGES = {
  format: 'الوزن الفعلي يجب أن يكون رقماً بخانتين عشريتين على الأكثر',
  min: 'الوزن الفعلي يجب أن يكون صفراً أو أكثر',
  max: `الوزن الفعلي يجب ألا يتجاوز ${WEIGHED_KG_MAX} كجم`,
} as const;

/** Why a weighed amount (a JSON number) is refused, or null when it is 0–100,000 with two decimals at most. */
export function weighedKgError(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return WEIGHED_KG_MESSAGES.format;
  if (value < 0) return WEIGHED_KG_MESSAGES.min;
  if (value > WEIGHED_KG_MAX) return WEIGHED_KG_MESSAGES.max;
  // The shortest text of the number is what a person typed (35.5, not 35.499999…).
  const [, decimals = ''] = String(value).split('.');
  return decimals.length > 2 ? WEIGHED_KG_MESSAGES.format : null;
}

/**
 * Reads the kilograms an administrator typed (Western or Arabic-Indic digits, «.» or «٫» as the
 * decimal point): null for an empty box (the weight is optional), else the number or the Arabic error.
 */
export function parseWeighedKgInput(text: string): { ok: true; value: number | null } | { ok: false; error: string } {
  const compact = toWesternDigits(text).replace(/\s/g, '').replace('\u066b', '.');
  if (!compact) return { ok: true, value: null };
  if (compact.startsWith('-')) return { ok: false, error: WEIGHED_KG_MESSAGES.min };
  if (!/^\d+(\.\d+)?$/.test(compact)) return { ok: false, error: WEIGHED_KG_MESSAGES.format };
  const value = Number(compact);
  const error = weighedKgError(value);
  // "35.50" has two decimals as typed; the number is 35.5 either way.
  if (!error && (compact.split('.')[1] ?? '').length > 2) return { ok: false, error: WEIGHED_KG_MESSAGES.format };
  return error ? { ok: false, error } : { ok: true, value };
}
