import { describe, expect, it } from '@jest/globals';
import { decryptSecret, deriveKey, encryptSecret, randomToken } from './secrets';

describe('secrets', () => {
  it('encrypts secrets so that only the same APP_SECRET reads them back', () => {
    const key = deriveKey('a'.repeat(40), 'message-secrets');
    const sealed = encryptSecret(key, '{"1":"123456"}');
    expect(sealed).not.toContain('123456');
    expect(decryptSecret(key, sealed)).toBe('{"1":"123456"}');
    expect(() => decryptSecret(deriveKey('b'.repeat(40), 'message-secrets'), sealed)).toThrow();
  });

  it('derives different keys for different purposes', () => {
    expect(deriveKey('x'.repeat(40), 'a').equals(deriveKey('x'.repeat(40), 'b'))).toBe(false);
  });

  it('makes URL-safe tokens of at least 128 bits', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(Array.from({ length: 100 }, () => randomToken())).size).toBe(100);
  });
});
