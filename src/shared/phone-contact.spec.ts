import { describe, expect, it } from '@jest/globals';
import { normalizeContactPhone, parseContactPhone } from './phone-contact';

describe('the charity contact phone rule', () => {
  it.each([
    ['014 322 1234', 'landline', '0143221234', '014 322 1234', 'tel:+966143221234'],
    ['٠١٤٣٢٢١٢٣٤', 'landline', '0143221234', '014 322 1234', 'tel:+966143221234'],
    ['+966 14 322 1234', 'landline', '0143221234', '014 322 1234', 'tel:+966143221234'],
    ['+966 (0)14 322-1234', 'landline', '0143221234', '014 322 1234', 'tel:+966143221234'],
    ['00966 11 234 5678', 'landline', '0112345678', '011 234 5678', 'tel:+966112345678'],
    ['800 124 4444', 'tollFree', '8001244444', '800 124 4444', 'tel:8001244444'],
    ['+966 800 124 4444', 'tollFree', '8001244444', '800 124 4444', 'tel:8001244444'],
    ['9200 12345', 'unified', '920012345', '9200 12345', 'tel:920012345'],
    ['920-01-2345', 'unified', '920012345', '9200 12345', 'tel:920012345'],
    ['+966 55 123 4567', 'mobile', '0551234567', '+966 55 123 4567', 'tel:+966551234567'],
    ['0551234567', 'mobile', '0551234567', '+966 55 123 4567', 'tel:+966551234567'],
    ['551234567', 'mobile', '0551234567', '+966 55 123 4567', 'tel:+966551234567'],
    ['+971 4 123 4567', 'international', '+97141234567', '+97141234567', 'tel:+97141234567'],
  ])('accepts %s as a %s number', (input, kind, value, display, href) => {
    expect(parseContactPhone(input)).toMatchObject({ kind, value, display, href });
  });

  it('offers WhatsApp for a mobile only', () => {
    expect(parseContactPhone('0551234567')?.whatsapp).toBe('966551234567');
    expect(parseContactPhone('0143221234')?.whatsapp).toBeNull();
    expect(parseContactPhone('920012345')?.whatsapp).toBeNull();
    expect(parseContactPhone('8001244444')?.whatsapp).toBeNull();
  });

  it.each([
    ['015 322 1234', 'no area 015'],
    ['014 322 123', 'a landline one digit short'],
    ['0143 221 2345', 'a landline one digit long'],
    ['92001234', 'a unified number one digit short'],
    ['800 124 444', 'a toll-free number one digit short'],
    ['0451234567', 'neither mobile nor landline'],
    ['+966 12345', 'a Saudi number too short'],
    ['014-322-1234 ext 5', 'letters'],
    ['هاتف', 'words'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (input) => {
    expect(parseContactPhone(input)).toBeNull();
    expect(normalizeContactPhone(input)).toBeNull();
  });

  it('reads its own stored form back unchanged', () => {
    for (const stored of ['0143221234', '8001244444', '920012345', '0551234567', '+97141234567']) {
      expect(normalizeContactPhone(stored)).toBe(stored);
      expect(normalizeContactPhone(parseContactPhone(stored)!.display)).toBe(stored);
    }
  });
});
