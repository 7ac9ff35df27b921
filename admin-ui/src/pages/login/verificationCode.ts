import { VERIFICATION_CODE_LENGTH } from '@shared/constants';
import { toWesternDigits } from '@shared/digits';

/** Length of login verification codes (shared with the server). */
export const CODE_LENGTH = VERIFICATION_CODE_LENGTH;

/**
 * Normalises what was typed or pasted into a code field: Arabic-Indic and Persian digits become
 * Western digits, everything else is dropped, and the result is cut to the code length.
 */
export function normalizeCode(input: string): string {
  return toWesternDigits(input).replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/** True when the code can be submitted: exactly the code length, digits only. */
export function isCompleteCode(code: string): boolean {
  return code.length === CODE_LENGTH && /^\d+$/.test(code);
}
