/** Food-calculation rules (spec §5 "Food calculation", decisions.md), shared by the server and the admin. */
import { FOOD_CALCULATION_EXAMPLE_ATTENDEES } from './constants';
import { toWesternDigits } from './digits';
import { FOOD_CALCULATION_METHODS, FoodCalculationMethod } from './labels';

export const FOOD_MESSAGES = {
  calculationMethod: 'طريقة الحساب يجب أن تكون المعادلة أو الكمية اليدوية',
  manualAmount: 'الكمية اليدوية يجب أن تكون رقماً صحيحاً أكبر من صفر (بالكيلوجرام)',
  formulaMultiplier: 'المعامل يجب أن يكون رقماً أكبر من صفر (0.1 على الأقل، بحد أقصى 100)',
  description: 'الوصف يجب أن يكون نصاً لا يتجاوز 500 حرف',
} as const;

export const FOOD_DEFAULT_DESCRIPTION = 'حساب كمية الطعام المحفوظ';
export const FOOD_MULTIPLIER_MIN = 0.1;
export const FOOD_MULTIPLIER_MAX = 100;
export const FOOD_MANUAL_MAX = 100_000;

export interface FoodSettingsInput {
  calculationMethod: FoodCalculationMethod;
  manualAmount: number | null;
  formulaMultiplier: number;
  description: string;
}

/** A number, or a string of one typed with any digit set (٠-٩, ۰-۹) and a "." or Arabic "٫" decimal point. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = toWesternDigits(value).replace(/\u066b/g, '.');
  return /^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : null;
}

/**
 * Checks a save: the chosen method's amount is required (manual: a whole number of kg > 0; formula:
 * a multiplier ≥ 0.1 with at most two decimals); the other one is kept as it was when not sent.
 */
export function checkFoodSettings(
  input: Record<string, unknown>,
  current: { manualAmount: number | null; formulaMultiplier: number },
): { value: FoodSettingsInput } | { errors: Partial<Record<keyof typeof FOOD_MESSAGES, string>> } {
  const errors: Partial<Record<keyof typeof FOOD_MESSAGES, string>> = {};
  const method = input.calculationMethod;
  if (typeof method !== 'string' || !(FOOD_CALCULATION_METHODS as readonly string[]).includes(method))
    errors.calculationMethod = FOOD_MESSAGES.calculationMethod;

  let manualAmount = current.manualAmount;
  if (input.manualAmount !== undefined && input.manualAmount !== null && input.manualAmount !== '') {
    const n = numberOf(input.manualAmount);
    if (n === null || !Number.isInteger(n) || n <= 0 || n > FOOD_MANUAL_MAX) errors.manualAmount = FOOD_MESSAGES.manualAmount;
    else manualAmount = n;
  } else if (method === 'manual') {
    if (!(manualAmount && manualAmount > 0)) errors.manualAmount = FOOD_MESSAGES.manualAmount;
  }

  let formulaMultiplier = current.formulaMultiplier;
  if (input.formulaMultiplier !== undefined && input.formulaMultiplier !== null && input.formulaMultiplier !== '') {
    const n = numberOf(input.formulaMultiplier);
    if (n === null || n < FOOD_MULTIPLIER_MIN || n > FOOD_MULTIPLIER_MAX || Math.round(n * 100) !== n * 100)
      errors.formulaMultiplier = FOOD_MESSAGES.formulaMultiplier;
    else formulaMultiplier = n;
  } else if (method === 'formula' && !(formulaMultiplier > 0)) errors.formulaMultiplier = FOOD_MESSAGES.formulaMultiplier;

  let description = FOOD_DEFAULT_DESCRIPTION;
  if (input.description !== undefined && input.description !== null) {
    if (typeof input.description !== 'string' || input.description.length > 500) errors.description = FOOD_MESSAGES.description;
    else description = input.description.trim() || FOOD_DEFAULT_DESCRIPTION;
  }
  if (Object.keys(errors).length) return { errors };
  return { value: { calculationMethod: method as FoodCalculationMethod, manualAmount, formulaMultiplier, description } };
}

/** The kilograms one completed request of `attendees` people counts for (the settings' example uses 100). */
export function exampleKg(
  settings: { calculationMethod: FoodCalculationMethod; manualAmount: number | null; formulaMultiplier: number },
  attendees = FOOD_CALCULATION_EXAMPLE_ATTENDEES,
): number {
  if (settings.calculationMethod === 'manual') return settings.manualAmount ?? 0;
  return Math.round(attendees * settings.formulaMultiplier * 100) / 100;
}
