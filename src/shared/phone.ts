import { toWesternDigits } from './digits';

type PhoneInput = string | number | null | undefined;

const WHATSAPP_PREFIX = /^\s*whatsapp:/i;
// Separators people type inside a number; anything else makes an international number invalid.
export const SEPARATORS = /[\s\-().\u00a0\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;

// Calling codes of one or two digits (ITU zones); every other code has three digits.
const ONE_DIGIT_CODES = new Set(['1', '7']);
const TWO_DIGIT_CODES = new Set([
  '20',
  '27',
  '30',
  '31',
  '32',
  '33',
  '34',
  '36',
  '39',
  '40',
  '41',
  '43',
  '44',
  '45',
  '46',
  '47',
  '48',
  '49',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '57',
  '58',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '81',
  '82',
  '84',
  '86',
  '90',
  '91',
  '92',
  '93',
  '94',
  '95',
  '98',
]);

function digitsOnly(input: PhoneInput): string {
  if (typeof input !== 'string' && typeof input !== 'number') return '';
  return toWesternDigits(String(input)).replace(/\D/g, '');
}

/** Returns the canonical Saudi mobile form 05XXXXXXXX for any accepted input (05+8, 9665+8, 009665+8 or 5+8 digits), else null. */
export function normalizeSaudiPhone(input: PhoneInput): string | null {
  const d = digitsOnly(input);
  let national: string | null = null;
  if (/^05\d{8}$/.test(d)) national = d.slice(1);
  else if (/^9665\d{8}$/.test(d)) national = d.slice(3);
  else if (/^009665\d{8}$/.test(d)) national = d.slice(5);
  else if (/^5\d{8}$/.test(d)) national = d;
  return national === null ? null : `0${national}`;
}

/** True when the input is an accepted Saudi mobile number in any of its accepted forms. */
export function isValidSaudiPhone(input: PhoneInput): boolean {
  return normalizeSaudiPhone(input) !== null;
}

/** Converts any accepted Saudi mobile input to E.164 (+9665XXXXXXXX), else null. */
export function saudiPhoneToE164(input: PhoneInput): string | null {
  const local = normalizeSaudiPhone(input);
  return local === null ? null : `+966${local.slice(1)}`;
}

/** Converts a Saudi E.164 number, with or without a 'whatsapp:' prefix, to the canonical 05XXXXXXXX, else null. */
export function e164ToSaudiLocal(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const compact = toWesternDigits(input.replace(WHATSAPP_PREFIX, '')).replace(SEPARATORS, '');
  if (!/^(?:\+|00)?9665\d{8}$/.test(compact)) return null;
  return normalizeSaudiPhone(compact);
}

/** Formats a Saudi mobile for display as '+966 5X XXX XXXX'; input that is not a Saudi mobile is returned trimmed, unchanged. */
export function formatSaudiPhoneDisplay(input: PhoneInput): string {
  const local = normalizeSaudiPhone(input);
  if (local === null) return input === null || input === undefined ? '' : String(input).trim();
  return `+966 ${local.slice(1, 3)} ${local.slice(3, 6)} ${local.slice(6)}`;
}

/** True for an international E.164 number: '+', a non-zero digit, 8 to 15 digits in all, nothing else. */
export function isValidE164(input: string | null | undefined): boolean {
  return typeof input === 'string' && /^\+[1-9]\d{7,14}$/.test(input);
}

/** Normalises a typed international number (00 or + prefix, separators, 'whatsapp:', Arabic digits, or a Saudi local form) to E.164, else null. */
export function normalizeE164(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  let compact = toWesternDigits(input.replace(WHATSAPP_PREFIX, '')).replace(SEPARATORS, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  if (compact.startsWith('+')) return isValidE164(compact) ? compact : null;
  return /^\d+$/.test(compact) ? saudiPhoneToE164(compact) : null;
}

// An international number starts with '+' or '00' (Western, Arabic-Indic or Persian digits).
const INTERNATIONAL_PREFIX = /^\s*(\+|00|\u0660\u0660|\u06f0\u06f0)/;

/**
 * Normalises a number typed in international form only ('+' or '00' first; separators and Arabic
 * digits allowed) to E.164, else null. A local form (05…) is refused: it could belong to any country.
 * The rule of the administrator numbers, on the server and in the admin app.
 */
export function normalizeInternationalPhone(input: string | null | undefined): string | null {
  if (typeof input !== 'string' || !INTERNATIONAL_PREFIX.test(input)) return null;
  return normalizeE164(input);
}

/** Length of the calling code at the start of an E.164 number's digits (1 to 3). */
export function callingCodeLength(e164Digits: string): number {
  if (ONE_DIGIT_CODES.has(e164Digits.slice(0, 1))) return 1;
  if (TWO_DIGIT_CODES.has(e164Digits.slice(0, 2))) return 2;
  return 3;
}

/** Masks a phone for logs, keeping the country code and the last 2 digits ('+966*******67'); other input keeps only its last 2 digits. */
export function maskPhone(input: string | null | undefined): string {
  if (typeof input !== 'string') return '';
  const compact = toWesternDigits(input.replace(WHATSAPP_PREFIX, '')).replace(SEPARATORS, '');
  if (isValidE164(compact)) {
    const digits = compact.slice(1);
    const cc = callingCodeLength(digits);
    const rest = digits.slice(cc);
    return `+${digits.slice(0, cc)}${'*'.repeat(rest.length - 2)}${rest.slice(-2)}`;
  }
  const digits = compact.replace(/\D/g, '');
  if (digits.length <= 4) return '*'.repeat(digits.length);
  return `${'*'.repeat(digits.length - 2)}${digits.slice(-2)}`;
}
