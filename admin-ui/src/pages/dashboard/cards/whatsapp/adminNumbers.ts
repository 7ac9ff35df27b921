import { normalizeInternationalPhone, formatSaudiPhoneDisplay } from '@shared/phone';

/** GET/POST /api/admin/whatsapp-numbers: the numbers and where they come from. */
export interface AdminNumbers {
  numbers: string[];
  /** 'environment': ADMIN_WHATSAPP_NUMBERS is set on the server, and the list is read-only. */
  source: 'environment' | 'database';
}

export const ADMIN_NUMBERS_QUERY_KEY = ['admin', 'whatsapp-numbers'] as const;
/** The server's configuration variable that, when set, fixes the numbers. */
export const ADMIN_NUMBERS_VARIABLE = 'ADMIN_WHATSAPP_NUMBERS';
/** The example shown beside the field (spec: admin-side section 5). */
export const INTERNATIONAL_EXAMPLE = '+966501234567';

/** A problem to show under a field: a translation key and its values. */
export interface FieldProblem {
  key: string;
  args?: Record<string, string>;
}

const PREFIX = 'app.whatsapp_cards.numbers';

/** Wraps text in a left-to-right isolate (LRI … PDI), so a number keeps its order inside Arabic text. */
export function ltrIsolate(text: string): string {
  return `\u2066${text}\u2069`;
}

/** The typed text split at commas (Latin or Arabic) and line breaks, trimmed, empty parts dropped. */
export function splitNumbersInput(text: string): string[] {
  return text
    .split(/[,\u060c\n]/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Adds the typed numbers (one, or several separated by commas) to the list, with the server's rule
 * (international form only, normalised to E.164). Nothing is added when one of them is invalid.
 */
export function addNumbers(current: readonly string[], text: string): { numbers: string[]; problem: FieldProblem | null } {
  const parts = splitNumbersInput(text);
  if (!parts.length) return { numbers: [...current], problem: { key: `${PREFIX}.input_required` } };
  const next = [...current];
  const duplicates: string[] = [];
  for (const part of parts) {
    const e164 = normalizeInternationalPhone(part);
    if (!e164) {
      return {
        numbers: [...current],
        problem: { key: `${PREFIX}.invalid`, args: { number: ltrIsolate(part), example: ltrIsolate(INTERNATIONAL_EXAMPLE) } },
      };
    }
    if (next.includes(e164)) duplicates.push(e164);
    else next.push(e164);
  }
  if (next.length === current.length && duplicates.length) {
    return { numbers: next, problem: { key: `${PREFIX}.duplicate`, args: { number: ltrIsolate(displayPhone(duplicates[0])) } } };
  }
  return { numbers: next, problem: null };
}

/** The list without that number. */
export function removeNumber(current: readonly string[], number: string): string[] {
  return current.filter((n) => n !== number);
}

/** True when both lists hold the same numbers in the same order. */
export function sameNumbers(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((n, i) => n === b[i]);
}

/** What stops a save: the server needs at least one number. */
export function saveProblem(numbers: readonly string[]): FieldProblem | null {
  return numbers.length ? null : { key: `${PREFIX}.required` };
}

/** A number for display: Saudi mobiles grouped as '+966 5X XXX XXXX', other numbers as stored. */
export function displayPhone(e164: string): string {
  return /^\+9665\d{8}$/.test(e164) ? formatSaudiPhoneDisplay(e164) : e164;
}
