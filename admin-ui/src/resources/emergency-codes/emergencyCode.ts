/** Fixed prefix of generated emergency master codes. */
export const EMERGENCY_CODE_PREFIX = 'YNB'; // same format the server generates
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const RANDOM_LENGTH = 6;

/**
 * A new master code in the spec's format (admin-side section 5): the fixed prefix, the year and six
 * random uppercase letters or digits from the browser's cryptographic generator, e.g.
 * YNB-2026-7KQ2XD. Rejection sampling keeps every character equally likely.
 */
export function generateEmergencyCode(
  now: Date = new Date(),
  random: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const limit = 256 - (256 % ALPHABET.length);
  let out = '';
  while (out.length < RANDOM_LENGTH) {
    for (const byte of random(new Uint8Array(16))) {
      if (byte < limit && out.length < RANDOM_LENGTH) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `${EMERGENCY_CODE_PREFIX}-${now.getFullYear()}-${out}`;
}

/** True when the code has the generated format. */
export function isGeneratedEmergencyCode(code: string): boolean {
  return new RegExp(`^${EMERGENCY_CODE_PREFIX}-\\d{4}-[A-Z0-9]{${RANDOM_LENGTH}}$`).test(code);
}
