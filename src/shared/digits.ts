// Arabic-Indic (U+0660-0669) and Eastern Arabic-Indic / Persian (U+06F0-06F9) digits.
const ARABIC_INDIC_ZERO = 0x0660;
const EASTERN_ARABIC_INDIC_ZERO = 0x06f0;
const NON_WESTERN_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Converts Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits to 0-9, leaving every other character as it is. */
export function toWesternDigits(s: string): string {
  return s.replace(NON_WESTERN_DIGIT, (ch) => {
    const code = ch.charCodeAt(0);
    const zero = code >= EASTERN_ARABIC_INDIC_ZERO ? EASTERN_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}

/** Parses a non-negative whole number typed with any digit set (spaces and thousands separators ignored); null when it is not one. */
export function parseIntegerInput(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return Number.isSafeInteger(input) && input >= 0 ? input : null;
  if (typeof input !== 'string') return null;
  const compact = toWesternDigits(input).replace(/[\s,\u066c]/g, '');
  if (!/^\d+$/.test(compact)) return null;
  const value = Number(compact);
  return Number.isSafeInteger(value) ? value : null;
}
