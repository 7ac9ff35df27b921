import { toWesternDigits } from '@shared/digits';

/** Spec §5: a display or sort order is parsed as an integer (٠-٩ and ۰-۹ too) and is 0 when it is not a number. */
export function parseDisplayOrder(text: string): number {
  const value = Number.parseInt(toWesternDigits(text).trim(), 10);
  return Number.isFinite(value) ? value : 0;
}
