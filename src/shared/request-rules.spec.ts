import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { toWesternDigits, parseIntegerInput } from './digits';
import { isValidEmail } from './email';
import { normalizeSaudiPhone } from './phone';
import {
  buildFullAddress,
  endTimeTooSoon,
  eventDateWindow,
  normalizeTime24,
  REQUEST_MESSAGES,
  unknownRequestFields,
  validateRequest,
} from './request-rules';

const NOW = new Date('2026-03-10T09:00:00.000Z'); // 12:00 in Riyadh
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const toArabic = (s: string) => s.replace(/\d/g, (d) => ARABIC_DIGITS[Number(d)]);
const toPersian = (s: string) => s.replace(/\d/g, (d) => PERSIAN_DIGITS[Number(d)]);

const valid = (over: Record<string, unknown> = {}) => ({
  eventType: 'wedding',
  attendeeCount: 50,
  eventDate: '2026-03-11',
  endTime: '22:00',
  locationType: 'custom',
  area: 'yanbu_city',
  district: 'd1',
  buildingNumber: '7',
  organizerName: 'سارة',
  organizerPhone: '0501234567',
  ...over,
});
const options = {
  eventTypes: { wedding: 'حفل زواج' },
  areas: { yanbu_city: 'ينبع البحر' },
  districts: { yanbu_city: { d1: 'الصريف' } },
  importantPlaces: { hotel_x: 'فندق س' },
};

describe('validateRequest', () => {
  it('accepts a valid request and builds fullAddress from the stored names', () => {
    const r = validateRequest(valid(), { now: NOW, options });
    expect(r).toMatchObject({ ok: true, value: { fullAddress: 'مبنى 7، حي الصريف، ينبع البحر، ينبع', organizerPhone: '0501234567' } });
  });

  it('gives the spec messages', () => {
    const r = validateRequest({}, { now: NOW });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toMatchObject({
      eventType: REQUEST_MESSAGES.eventTypeRequired,
      attendeeCount: 'العدد الأدنى للحضور هو 10 أشخاص',
      eventDate: 'يرجى تحديد تاريخ الفعالية',
      endTime: 'يرجى تحديد وقت انتهاء الفعالية',
      locationType: 'يرجى اختيار نوع الموقع',
      organizerName: 'يرجى إدخال اسم منظم الفعالية',
      organizerPhone: 'يرجى إدخال رقم هاتف منظم الفعالية',
    });
  });

  it('answers every non-object input with field errors instead of throwing', () => {
    for (const input of [null, undefined, 5, 'x', [], [valid()]]) expect(validateRequest(input, { now: NOW }).ok).toBe(false);
  });

  it('uses the important place label and the GPS rules', () => {
    const place = validateRequest(valid({ locationType: 'important_place', importantPlace: 'hotel_x' }), { now: NOW, options });
    expect(place.ok && place.value.fullAddress).toBe('فندق س');
    const gps = validateRequest(valid({ area: '', district: '', buildingNumber: '', landmarks: 'الموقع الحالي' }), { now: NOW, options });
    expect(gps.ok && gps.value.fullAddress).toBe('الموقع الحالي');
    expect(buildFullAddress({ locationType: 'custom', gps: true, landmarks: '' })).toBe('الموقع الحالي (GPS)');
  });

  it('computes the window and the same-day rule in Riyadh time', () => {
    expect(eventDateWindow(new Date('2026-03-10T21:00:00Z'))).toEqual({ min: '2026-03-11', max: '2026-09-11' });
    expect(endTimeTooSoon('2026-03-10', '12:59', NOW)).toBe(true);
    expect(endTimeTooSoon('2026-03-10', '13:00', NOW)).toBe(false);
    expect(endTimeTooSoon('2026-03-11', '00:01', NOW)).toBe(false);
    expect(normalizeTime24('٩:٠٥')).toBe('09:05');
    expect(normalizeTime24('24:00')).toBeNull();
  });
});

describe('unknownRequestFields', () => {
  it('names each property the form never sends, in Arabic, and accepts every spec field', () => {
    expect(unknownRequestFields({ eventType: 'wedding', ipAddress: '1.2.3.4', userAgent: 'x', status: 'completed', id: 5 })).toEqual({
      status: 'هذا الحقل غير مسموح',
      id: 'هذا الحقل غير مسموح',
    });
    expect(unknownRequestFields({ organizerPhone: '0551234567', consentText: 'أوافق', foodTypes: [] })).toEqual({});
    expect(unknownRequestFields('not an object')).toEqual({});
  });
});

describe('properties of the digit, phone and e-mail rules', () => {
  it('Arabic-Indic and Eastern Arabic-Indic digits read the same as Western ones', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10_000_000 }), (n) => {
        const s = String(n);
        expect(toWesternDigits(toArabic(s))).toBe(s);
        expect(toWesternDigits(toPersian(s))).toBe(s);
        expect(parseIntegerInput(toArabic(s))).toBe(n);
      }),
    );
  });

  it('every accepted form of a Saudi mobile gives the same canonical 05XXXXXXXX, whatever the digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{8}$/),
        fc.constantFrom<(s: string) => string>((s) => s, toArabic, toPersian),
        (rest, digits) => {
          const canonical = `05${rest}`;
          for (const form of [`05${rest}`, `9665${rest}`, `009665${rest}`, `5${rest}`, `+966 5${rest.slice(0, 2)} ${rest.slice(2)}`]) {
            expect(normalizeSaudiPhone(digits(form))).toBe(canonical);
          }
          const r = validateRequest(valid({ organizerPhone: digits(`+9665${rest}`) }), { now: NOW });
          expect(r.ok && r.value.organizerPhone).toBe(canonical);
        },
      ),
    );
  });

  it('numbers that are not Saudi mobiles are refused with the phone message', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,15}$/).filter((d) => !/^(05\d{8}|9665\d{8}|009665\d{8}|5\d{8})$/.test(d)),
        (digits) => {
          expect(normalizeSaudiPhone(digits)).toBeNull();
          const r = validateRequest(valid({ organizerPhone: digits }), { now: NOW });
          expect(!r.ok && r.errors.organizerPhone).toBe(REQUEST_MESSAGES.phoneInvalid);
        },
      ),
    );
  });

  it('generated addresses pass the e-mail rule; breaking one rule fails it', () => {
    const label = fc.stringMatching(/^[a-z0-9]{1,20}$/);
    fc.assert(
      fc.property(label, label, fc.stringMatching(/^[a-z]{2,6}$/), (local, domain, tld) => {
        const email = `${local}@${domain}.${tld}`;
        expect(isValidEmail(email)).toBe(true);
        expect(isValidEmail(`.${email}`)).toBe(false);
        expect(isValidEmail(`${local}.@${domain}.${tld}`)).toBe(false);
        expect(isValidEmail(`${local}@${domain}${tld}`)).toBe(false);
        expect(isValidEmail(`${'a'.repeat(65)}@${domain}.${tld}`)).toBe(false);
        expect(isValidEmail(`${local}..x@${domain}.${tld}`)).toBe(false);
      }),
    );
  });

  it('never throws on arbitrary input and always answers Arabic messages', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('eventType', 'attendeeCount', 'eventDate', 'endTime', 'organizerPhone', 'foodTypes'), fc.jsonValue()),
        (body) => {
          const r = validateRequest(body, { now: NOW, options });
          if (!r.ok) for (const m of Object.values(r.errors)) expect(m).toMatch(/[\u0600-\u06FF]/);
        },
      ),
    );
  });
});
