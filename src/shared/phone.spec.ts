import { describe, it, expect } from '@jest/globals';
import {
  callingCodeLength,
  e164ToSaudiLocal,
  formatSaudiPhoneDisplay,
  isValidE164,
  isValidSaudiPhone,
  maskPhone,
  normalizeE164,
  normalizeInternationalPhone,
  normalizeSaudiPhone,
  saudiPhoneToE164,
} from './phone';

describe('normalizeSaudiPhone', () => {
  it.each([
    ['0512345678', '0512345678'],
    ['05 1234 5678', '0512345678'],
    ['050-123-4567', '0501234567'],
    ['966512345678', '0512345678'],
    ['+966512345678', '0512345678'],
    ['+966 51 234 5678', '0512345678'],
    ['00966512345678', '0512345678'],
    ['00 966 55 123 4567', '0551234567'],
    ['512345678', '0512345678'],
    ['٠٥١٢٣٤٥٦٧٨', '0512345678'],
    ['۰۵۱۲۳۴۵۶۷۸', '0512345678'],
    ['+٩٦٦٥٥١٢٣٤٥٦٧', '0551234567'],
    ['٥١٢٣٤٥٦٧٨', '0512345678'],
    ['whatsapp:+966512345678', '0512345678'],
  ])('accepts %s', (input, expected) => {
    expect(normalizeSaudiPhone(input)).toBe(expected);
    expect(isValidSaudiPhone(input)).toBe(true);
  });

  it.each([
    '0612345678', // landline-style prefix, not a mobile
    '05123', // too short
    '+96651234567', // 11 digits: one missing
    '05123456789', // 11 digits
    '9665123456789', // 13 digits
    '966412345678', // not a mobile after the country code
    '+9660512345678', // trunk 0 kept after the country code
    '412345678', // nine digits not starting with 5
    '0096605123456',
    '',
    '   ',
    'no digits',
  ])('rejects %s', (input) => {
    expect(normalizeSaudiPhone(input)).toBeNull();
    expect(isValidSaudiPhone(input)).toBe(false);
  });

  it('rejects null and undefined', () => {
    expect(normalizeSaudiPhone(null)).toBeNull();
    expect(normalizeSaudiPhone(undefined)).toBeNull();
  });

  it('accepts a number value of nine digits', () => {
    expect(normalizeSaudiPhone(512345678)).toBe('0512345678');
  });
});

describe('E.164 conversion', () => {
  it('converts every accepted form to E.164', () => {
    for (const input of ['0512345678', '512345678', '966512345678', '00966512345678', '٠٥١٢٣٤٥٦٧٨']) {
      expect(saudiPhoneToE164(input)).toBe('+966512345678');
    }
    expect(saudiPhoneToE164('0612345678')).toBeNull();
  });

  it('goes round trip local -> E.164 -> local', () => {
    for (const local of ['0500000001', '0551234567', '0598765432']) {
      const e164 = saudiPhoneToE164(local);
      expect(e164).toMatch(/^\+9665\d{8}$/);
      expect(e164ToSaudiLocal(e164)).toBe(local);
    }
  });

  it('reads inbound whatsapp: addresses', () => {
    expect(e164ToSaudiLocal('whatsapp:+966551234567')).toBe('0551234567');
    expect(e164ToSaudiLocal('WhatsApp:+966551234567')).toBe('0551234567');
    expect(e164ToSaudiLocal('+966551234567')).toBe('0551234567');
    expect(e164ToSaudiLocal('966551234567')).toBe('0551234567');
  });

  it('rejects non-Saudi or malformed E.164', () => {
    expect(e164ToSaudiLocal('whatsapp:+201001234567')).toBeNull();
    expect(e164ToSaudiLocal('+96655123456')).toBeNull();
    expect(e164ToSaudiLocal('0551234567')).toBeNull();
    expect(e164ToSaudiLocal('')).toBeNull();
    expect(e164ToSaudiLocal(null)).toBeNull();
  });
});

describe('formatSaudiPhoneDisplay', () => {
  it('formats as +966 5X XXX XXXX', () => {
    expect(formatSaudiPhoneDisplay('0512345678')).toBe('+966 51 234 5678');
    expect(formatSaudiPhoneDisplay('+966551234567')).toBe('+966 55 123 4567');
    expect(formatSaudiPhoneDisplay('٥٥١٢٣٤٥٦٧')).toBe('+966 55 123 4567');
  });

  it('returns other input unchanged', () => {
    expect(formatSaudiPhoneDisplay(' 12345 ')).toBe('12345');
    expect(formatSaudiPhoneDisplay(null)).toBe('');
  });
});

describe('isValidE164 and normalizeE164', () => {
  it('accepts international numbers of 8 to 15 digits', () => {
    expect(isValidE164('+966512345678')).toBe(true);
    expect(isValidE164('+201001234567')).toBe(true);
    expect(isValidE164('+14155550123')).toBe(true);
    expect(isValidE164('+12345678')).toBe(true); // 8 digits
    expect(isValidE164('+123456789012345')).toBe(true); // 15 digits
  });

  it('rejects other shapes', () => {
    expect(isValidE164('+1234567')).toBe(false); // 7 digits
    expect(isValidE164('+1234567890123456')).toBe(false); // 16 digits
    expect(isValidE164('+0966512345678')).toBe(false);
    expect(isValidE164('966512345678')).toBe(false);
    expect(isValidE164('+966 51 234 5678')).toBe(false);
    expect(isValidE164('')).toBe(false);
    expect(isValidE164(undefined)).toBe(false);
  });

  it('normalises typed numbers', () => {
    expect(normalizeE164('+966 51 234 5678')).toBe('+966512345678');
    expect(normalizeE164('0020 100 123 4567')).toBe('+201001234567');
    expect(normalizeE164('whatsapp:+14155550123')).toBe('+14155550123');
    expect(normalizeE164('0551234567')).toBe('+966551234567');
    expect(normalizeE164('+٩٦٦٥٥١٢٣٤٥٦٧')).toBe('+966551234567');
    expect(normalizeE164('12345')).toBeNull();
    expect(normalizeE164('+1 abc 555')).toBeNull();
    expect(normalizeE164(null)).toBeNull();
  });
});

describe('normalizeInternationalPhone', () => {
  it('accepts + and 00 forms, with separators and Arabic digits', () => {
    expect(normalizeInternationalPhone('+966 50 111 2222')).toBe('+966501112222');
    expect(normalizeInternationalPhone(' 00966503334444')).toBe('+966503334444');
    expect(normalizeInternationalPhone('٠٠٩٦٦٥٠٣٣٣٤٤٤٤')).toBe('+966503334444');
    expect(normalizeInternationalPhone('+1 (415) 555-0123')).toBe('+14155550123');
  });

  it('refuses local forms and malformed numbers', () => {
    expect(normalizeInternationalPhone('0501234567')).toBeNull();
    expect(normalizeInternationalPhone('966501234567')).toBeNull();
    expect(normalizeInternationalPhone('+0501234567')).toBeNull();
    expect(normalizeInternationalPhone('+96650')).toBeNull();
    expect(normalizeInternationalPhone('')).toBeNull();
    expect(normalizeInternationalPhone(undefined)).toBeNull();
  });
});

describe('maskPhone', () => {
  it('keeps the country code and the last two digits', () => {
    expect(maskPhone('+966512345667')).toBe('+966*******67');
    expect(maskPhone('whatsapp:+966512345667')).toBe('+966*******67');
    expect(maskPhone('+14155550123')).toBe('+1********23');
    expect(maskPhone('+201001234567')).toBe('+20********67');
  });

  it('never reveals more than two digits of other input', () => {
    expect(maskPhone('0512345667')).toBe('********67');
    expect(maskPhone('123')).toBe('***');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
  });

  it('knows calling code lengths', () => {
    expect(callingCodeLength('14155550123')).toBe(1);
    expect(callingCodeLength('201001234567')).toBe(2);
    expect(callingCodeLength('966512345678')).toBe(3);
    expect(callingCodeLength('971501234567')).toBe(3);
  });
});
