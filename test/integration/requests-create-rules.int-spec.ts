import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { addDaysToDateString, addMonthsToDateString } from '../../src/shared/time';
import { createTestApp, TestApp } from '../support/test-app';
import { ARABIC, cityDistrict, NOON, phoneSequence, TODAY, validPayload } from '../support/requests-create';

// The field rules of POST /api/requests (spec §5) and its dates in Asia/Riyadh.
// Phones after requests-create.int-spec.ts's: the two files share one database.
const nextPhone = phoneSequence(500);

describe('POST /api/requests', () => {
  let t: TestApp;
  let db: DataSource;
  const clock = new FakeClock(new Date(NOON));
  let district: { value: string; name: string; areaName: string };

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { RATE_LIMIT_REQUESTS_PER_MINUTE: '100000' } });
    db = t.app.get(DataSource);
    district = await cityDistrict(db);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    clock.set(NOON);
  });

  const post = (body: Record<string, unknown>) => t.http.post('/api/requests').set('user-agent', 'jest-browser/1.0').send(body);
  const payload = (over: Record<string, unknown> = {}) => validPayload(nextPhone(), { district: district.value, ...over });

  async function expectFieldError(over: Record<string, unknown>, field: string, message: string | RegExp): Promise<void> {
    const res = await post(payload(over));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toMatch(ARABIC);
    if (typeof message === 'string') expect(res.body.errors[field]).toBe(message);
    else expect(res.body.errors[field]).toMatch(message);
  }

  it('refuses control characters in text with a field error', async () => {
    await expectFieldError({ additionalNotes: 'ملاحظة\u0000مخفية' }, 'additionalNotes', ARABIC);
  });

  describe('the rules of spec §5, each failing and passing', () => {
    it('eventType: required, and one of the active event types', async () => {
      await expectFieldError({ eventType: '' }, 'eventType', 'يرجى اختيار نوع الفعالية');
      await expectFieldError({ eventType: 'pool_party' }, 'eventType', ARABIC);
      await db.query(`UPDATE dropdown_options SET is_active = false WHERE type = 'eventType' AND value = 'birthday'`);
      await expectFieldError({ eventType: 'birthday' }, 'eventType', ARABIC);
      await db.query(`UPDATE dropdown_options SET is_active = true WHERE type = 'eventType' AND value = 'birthday'`);
      await post(payload({ eventType: 'birthday' })).expect(201);
    });

    it('attendeeCount: at least 10, at most 100000, Arabic-Indic digits accepted', async () => {
      await expectFieldError({ attendeeCount: 9 }, 'attendeeCount', 'العدد الأدنى للحضور هو 10 أشخاص');
      await expectFieldError({ attendeeCount: null }, 'attendeeCount', 'العدد الأدنى للحضور هو 10 أشخاص');
      await expectFieldError({ attendeeCount: 'كثير' }, 'attendeeCount', ARABIC);
      await expectFieldError({ attendeeCount: 100001 }, 'attendeeCount', ARABIC);
      const ok = await post(payload({ attendeeCount: '١٥٠' })).expect(201);
      const [row] = await db.query('SELECT attendee_count FROM requests WHERE id = $1', [ok.body.id]);
      expect(row.attendee_count).toBe(150);
      await post(payload({ attendeeCount: 10 })).expect(201);
    });

    it('eventDate: required, not in the past, at most six months ahead, Arabic-Indic digits accepted', async () => {
      await expectFieldError({ eventDate: '' }, 'eventDate', 'يرجى تحديد تاريخ الفعالية');
      await expectFieldError({ eventDate: addDaysToDateString(TODAY, -1) }, 'eventDate', 'لا يمكن اختيار تاريخ في الماضي');
      await expectFieldError({ eventDate: addDaysToDateString(addMonthsToDateString(TODAY, 6), 1) }, 'eventDate', ARABIC);
      await expectFieldError({ eventDate: '2026-02-30' }, 'eventDate', ARABIC);
      await post(payload({ eventDate: addMonthsToDateString(TODAY, 6) })).expect(201);
      const ok = await post(payload({ eventDate: '٢٠٢٦-٠٣-١٢' })).expect(201);
      const [row] = await db.query('SELECT event_date FROM requests WHERE id = $1', [ok.body.id]);
      expect(row.event_date).toBe('2026-03-12');
    });

    it('endTime: required, 24-hour HH:MM, Arabic-Indic digits accepted', async () => {
      await expectFieldError({ endTime: '' }, 'endTime', 'يرجى تحديد وقت انتهاء الفعالية');
      await expectFieldError({ endTime: '25:00' }, 'endTime', 'تنسيق الوقت غير صحيح');
      await expectFieldError({ endTime: '9 مساءً' }, 'endTime', 'تنسيق الوقت غير صحيح');
      const ok = await post(payload({ endTime: '٢١:٤٥' })).expect(201);
      const [row] = await db.query('SELECT end_time FROM requests WHERE id = $1', [ok.body.id]);
      expect(row.end_time).toBe('21:45');
    });

    it('locationType: required and custom or important_place', async () => {
      await expectFieldError({ locationType: '' }, 'locationType', 'يرجى اختيار نوع الموقع');
      await expectFieldError({ locationType: 'boat' }, 'locationType', 'نوع الموقع غير صحيح');
      await post(payload({ locationType: 'custom' })).expect(201);
    });

    it('custom location: area, district and building number or street, unless landmarks say «الموقع الحالي»', async () => {
      await expectFieldError({ area: '' }, 'area', 'يرجى إكمال بيانات الموقع');
      await expectFieldError({ district: '' }, 'district', 'يرجى إكمال بيانات الموقع');
      await expectFieldError({ buildingNumber: '', street: '' }, 'buildingNumber', 'يرجى إكمال بيانات الموقع');
      await expectFieldError({ area: 'riyadh' }, 'area', ARABIC);
      await expectFieldError({ district: 'nowhere' }, 'district', ARABIC);
      const street = await post(payload({ buildingNumber: '', street: 'شارع الملك عبدالعزيز' })).expect(201);
      const [s] = await db.query('SELECT full_address, street FROM requests WHERE id = $1', [street.body.id]);
      expect(s.full_address).toBe(`شارع الملك عبدالعزيز، حي ${district.name}، ${district.areaName}، ينبع`);
      const gps = await post(
        payload({
          area: '',
          district: '',
          buildingNumber: '',
          landmarks: 'الموقع الحالي: قرب الكورنيش',
          latitude: 24.0889,
          longitude: 38.0637,
        }),
      ).expect(201);
      const [g] = await db.query('SELECT full_address, latitude, longitude FROM requests WHERE id = $1', [gps.body.id]);
      expect(g).toEqual({ full_address: 'الموقع الحالي: قرب الكورنيش', latitude: 24.0889, longitude: 38.0637 });
      await expectFieldError({ latitude: 123 }, 'latitude', ARABIC);
    });

    it('important_place: the place is required; a listed place gives its label, free text is kept', async () => {
      await expectFieldError({ locationType: 'important_place', importantPlace: '' }, 'importantPlace', 'يرجى إكمال بيانات الموقع');
      const [place] = await db.query(
        `SELECT value, label FROM dropdown_options WHERE type = 'importantPlace' AND is_active ORDER BY sort_order LIMIT 1`,
      );
      const listed = await post(payload({ locationType: 'important_place', importantPlace: place.value, area: '', district: '' })).expect(
        201,
      );
      const [l] = await db.query('SELECT full_address, important_place FROM requests WHERE id = $1', [listed.body.id]);
      expect(l).toEqual({ full_address: place.label, important_place: place.value });
      const free = await post(
        payload({ locationType: 'important_place', importantPlace: 'قاعة النخيل الجديدة', area: '', district: '' }),
      ).expect(201);
      const [f] = await db.query('SELECT full_address FROM requests WHERE id = $1', [free.body.id]);
      expect(f.full_address).toBe('قاعة النخيل الجديدة');
    });

    it('locationPhone: optional, a Saudi mobile when given, stored canonically', async () => {
      await expectFieldError({ locationPhone: '0412345678' }, 'locationPhone', 'يرجى إدخال رقم هاتف سعودي صحيح (مثال: 0501234567)');
      const ok = await post(payload({ locationPhone: '٠٥٠١٢٣٤٥٦٧' })).expect(201);
      const [row] = await db.query('SELECT location_phone FROM requests WHERE id = $1', [ok.body.id]);
      expect(row.location_phone).toBe('0501234567');
      await post(payload({ locationPhone: '' })).expect(201);
    });

    it('organizerName: required (trimmed), at most 100 characters', async () => {
      await expectFieldError({ organizerName: '   ' }, 'organizerName', 'يرجى إدخال اسم منظم الفعالية');
      await expectFieldError({ organizerName: 'م'.repeat(101) }, 'organizerName', ARABIC);
      await post(payload({ organizerName: '  سارة  ' })).expect(201);
    });

    it('organizerPhone: required and a Saudi mobile in any accepted form, Arabic-Indic digits included', async () => {
      await expectFieldError({ organizerPhone: '' }, 'organizerPhone', 'يرجى إدخال رقم هاتف منظم الفعالية');
      await expectFieldError({ organizerPhone: '0612345678' }, 'organizerPhone', 'يرجى إدخال رقم هاتف سعودي صحيح (مثال: 0501234567)');
      for (const [typed, canonical] of [
        ['٠٥٥٩٨٧٦٥٤٣', '0559876543'],
        ['00966559876544', '0559876544'],
        ['559876545', '0559876545'],
        ['+966 55 987 6546', '0559876546'],
      ]) {
        const ok = await post(payload({ organizerPhone: typed })).expect(201);
        const [row] = await db.query('SELECT organizer_phone FROM requests WHERE id = $1', [ok.body.id]);
        expect(row.organizer_phone).toBe(canonical);
      }
    });

    it('organizerEmail: optional, valid when given', async () => {
      await expectFieldError(
        { organizerEmail: 'name@localhost' },
        'organizerEmail',
        'يرجى إدخال بريد إلكتروني صحيح (مثال: name@example.com)',
      );
      await expectFieldError({ organizerEmail: 'a..b@example.com' }, 'organizerEmail', ARABIC);
      await post(payload({ organizerEmail: 'host@example.com' })).expect(201);
      await post(payload({ organizerEmail: '' })).expect(201);
    });

    it('length limits and list sizes give field errors, never 5xx', async () => {
      await expectFieldError({ landmarks: 'x'.repeat(301) }, 'landmarks', ARABIC);
      await expectFieldError({ additionalNotes: 'x'.repeat(1001) }, 'additionalNotes', ARABIC);
      await expectFieldError({ buildingNumber: '1'.repeat(101) }, 'buildingNumber', ARABIC);
      await expectFieldError({ foodTypes: Array.from({ length: 21 }, (_, i) => `f${i}`) }, 'foodTypes', ARABIC);
      await expectFieldError({ foodTypes: 'rice' }, 'foodTypes', ARABIC);
      await expectFieldError({ whatsappOptIn: 'yes' }, 'whatsappOptIn', ARABIC);
    });

    it('rejects unknown fields but accepts the spec payload fields ipAddress, userAgent and fullAddress', async () => {
      const res = await post(payload({ isAdmin: true })).expect(400);
      expect(res.body.errors.isAdmin).toMatch(ARABIC);
      await post(payload({ ipAddress: 'x', userAgent: 'y', fullAddress: 'z' })).expect(201);
    });
  });

  describe('time in Asia/Riyadh', () => {
    it('same-day events need an end time at least one hour from now', async () => {
      // 12:00 Riyadh
      await expectFieldError(
        { eventDate: TODAY, endTime: '12:59' },
        'endTime',
        'إذا كانت الفعالية اليوم، يجب أن يكون وقت الانتهاء على الأقل ساعة من الآن',
      );
      await post(payload({ eventDate: TODAY, endTime: '13:00' })).expect(201);
    });

    it('"today" turns at Riyadh midnight, not UTC midnight', async () => {
      // 23:30 Riyadh on 10 March = 20:30 UTC: 10 March is still today, so the same-day rule applies.
      clock.set('2026-03-10T20:30:00.000Z');
      await expectFieldError({ eventDate: '2026-03-10', endTime: '23:59' }, 'endTime', ARABIC);
      await post(payload({ eventDate: '2026-03-11', endTime: '00:15' })).expect(201);
      // 00:30 Riyadh on 11 March = 21:30 UTC on 10 March: 10 March is now in the past, though UTC says otherwise.
      clock.set('2026-03-10T21:30:00.000Z');
      await expectFieldError({ eventDate: '2026-03-10', endTime: '23:00' }, 'eventDate', 'لا يمكن اختيار تاريخ في الماضي');
      await expectFieldError({ eventDate: '2026-03-11', endTime: '01:00' }, 'endTime', ARABIC);
      await post(payload({ eventDate: '2026-03-11', endTime: '01:30' })).expect(201);
      // The six-month window counts from the Riyadh date too.
      await post(payload({ eventDate: '2026-09-11' })).expect(201);
      await expectFieldError({ eventDate: '2026-09-12' }, 'eventDate', ARABIC);
    });
  });
});
