import { describe, it, expect } from '@jest/globals';
import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it('treats an empty value as valid (the field is optional)', () => {
    expect(isValidEmail('')).toBe(true);
    expect(isValidEmail('   ')).toBe(true);
    expect(isValidEmail(null)).toBe(true);
    expect(isValidEmail(undefined)).toBe(true);
  });

  it.each([
    'info@example.org',
    'ahmed.ali@example.com.sa',
    'first+tag@sub.example.co',
    "o'neil@example.com",
    'user_name-1@my-domain.org',
    ' padded@example.com ',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    'plainaddress',
    '@example.com',
    'user@',
    'user@localhost', // domain without a dot
    'user..name@example.com', // consecutive dots in the local part
    'user@example..com', // consecutive dots in the domain
    '.user@example.com', // leading dot
    'user.@example.com', // trailing dot (also '.@')
    'user@.example.com', // '@.'
    'user@example.com.', // trailing dot in the domain
    'user@-example.com',
    'user@example-.com',
    'user@example.c', // one-letter top-level domain
    'user@exa_mple.com',
    'user name@example.com',
    'user@@example.com',
    'مستخدم@example.com',
  ])('rejects %s', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('allows a local part of 64 characters and rejects 65', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
  });

  it('rejects a domain over 253 characters', () => {
    const label = 'a'.repeat(63);
    const domain = `${label}.${label}.${label}.${label}.com`; // 4*64 + 3 = 259
    expect(domain.length).toBeGreaterThan(253);
    expect(isValidEmail(`x@${domain}`)).toBe(false);
  });

  it('rejects a whole address over 254 characters even when the parts fit', () => {
    const label = 'a'.repeat(61);
    const domain = `${label}.${label}.${label}.com`; // 3*62 + 3 = 189
    const ok = `${'b'.repeat(64)}@${domain}`; // 64 + 1 + 189 = 254
    expect(ok.length).toBe(254);
    expect(isValidEmail(ok)).toBe(true);
    const tooLong = `${'b'.repeat(64)}@c${domain}`;
    expect(tooLong.length).toBe(255);
    expect(isValidEmail(tooLong)).toBe(false);
  });
});
