import { createHmac, timingSafeEqual } from 'node:crypto';

/** True when the header is the signature of these exact bytes (compared in constant time). */
export function isValidMetaSignature(appSecret: string, header: string | undefined, rawBody: Buffer | undefined): boolean {
  if (!header || !rawBody) return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const given = Buffer.from(match[1].toLowerCase(), 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Constant-time equality of two strings (the verify token of the subscription handshake). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHmac('sha256', 'verify-token').update(given).digest();
  const b = createHmac('sha256', 'verify-token').update(expected).digest();
  return timingSafeEqual(a, b);
}
