export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const EMAIL_DOMAIN_MAX_LENGTH = 253;

// Local part: RFC 5322 "atext" characters and dots; domain: letter/digit labels (inner hyphens allowed)
// ending in a top-level domain of at least two letters.
const EMAIL_PATTERN = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Validates an optional e-mail (empty is valid) by the spec's rules: lengths 64/253/254, a dotted domain, no stray dots, a standard pattern. */
export function isValidEmail(s: string | null | undefined): boolean {
  if (s === null || s === undefined) return true;
  const email = s.trim();
  if (email === '') return true;
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || domain.length > EMAIL_DOMAIN_MAX_LENGTH) return false;
  if (!domain.includes('.')) return false;
  if (email.includes('..')) return false;
  if (local.startsWith('.') || local.endsWith('.')) return false;
  if (email.includes('@.') || email.includes('.@')) return false;
  return EMAIL_PATTERN.test(email);
}
