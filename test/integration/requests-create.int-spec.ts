import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { addDaysToDateString, addMonthsToDateString } from '../../src/shared/time';
import { createTestApp, TestApp } from '../support/test-app';
import { requestPayload } from '../support/request-payload';

const ARABIC = /[\u0600-\u06FF]/;
// 12:00 in Riyadh on 10 March 2026.
const NOON = '2026-03-10T09:00:00.000Z';
const TODAY = '2026-03-10';
const TOMORROW = '2026-03-11';

let phoneSeq = 0;
/** A fresh organizer phone per case, so cases never meet each other's duplicates or limits. */
function nextPhone(): string {
  phoneSeq += 1;
  return `0551${String(100000 + phoneSeq).slice(-6)}`;
}

/** The form's payload (tomorrow, a fresh phone) plus what a client must not be able to set. */
function validPayload(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...requestPayload(nextPhone(), 'al_sumairi', new Date(NOON)),
    eventDate: TOMORROW,
    ipAddress: 'example.org',
    userAgent: 'client says',
    ...over,
  };
}

describe('POST /api/requests', () => {
  let t: TestApp;
  let db: DataSource;
  const clock = new FakeClock(new Date(NOON));
  let district: { value: string; name: string; areaName: string };

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { RATE_LIMIT_REQUESTS_PER_MINUTE: '100000' } });
    db = t.app.get(DataSource);
    const [row] = (await db.query(
      `SELECT d.value, d.name, a.name AS area_name FROM simple_districts d JOIN simple_areas a ON a.value = d.area_value
        WHERE d.area_value = 'yanbu_city' AND d.is_active ORDER BY d.id LIMIT 1`,
    )) as { value: string; name: string; area_name: string }[];
    district = { value: row.value, name: row.name, areaName: row.area_name };
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    clock.set(NOON);
  });

  const post = (body: Record<string, unknown>) => t.http.post('/api/requests').set('user-agent', 'jest-browser/1.0').send(body);
  const payload = (over: Record<string, unknown> = {}) => validPayload({ district: district.value, ...over });

  async function expectFieldError(over: Record<string, unknown>, field: string, message: string | RegExp): Promise<void> {
    const res = await post(payload(over));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.message).toMatch(ARABIC);
    if (typeof message === 'string') expect(res.body.errors[field]).toBe(message);
    else expect(res.body.errors[field]).toMatch(message);
  }

  it('creates a request with the canonical phone, the server-built address, the real IP and user agent', async () => {
    const phone = nextPhone();
    const res = await post(payload({ organizerPhone: `+966 ${phone.slice(1, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}` })).expect(201);
    expect(res.body).toEqual({ id: expect.any(Number), status: 'received', message: expect.stringMatching(ARABIC) });
    const [row] = await db.query('SELECT * FROM requests WHERE id = $1', [res.body.id]);
    expect(row.organizer_phone).toBe(phone);
    expect(row.full_address).toBe(`مبنى 12، حي ${district.name}، ${district.areaName}، ينبع`);
    expect(row.ip_address).toMatch(/127\.0\.0\.1|::1|::ffff:127\.0\.0\.1/);
    expect(row.ip_address).not.toBe('example.org');
    expect(row.user_agent).toBe('jest-browser/1.0');
    expect(row.status).toBe('received');
    expect(row.food_types).toEqual(['rice_meat', 'sweets']);
    const [log] = await db.query(`SELECT * FROM activity_logs WHERE action = 'request_created' AND entity_id = $1`, [String(res.body.id)]);
    expect(log).toBeTruthy();
  });

  it('records the WhatsApp opt-in in E.164 with the consent text, time, method, IP, user agent and request id', async () => {
    const phone = nextPhone();
    const res = await post(payload({ organizerPhone: phone })).expect(201);
    const [optIn] = await db.query('SELECT * FROM whatsapp_opt_ins WHERE phone_number = $1', [`+966${phone.slice(1)}`]);
    expect(optIn).toMatchObject({
      opt_in_status: true,
      consent_method: 'request_form',
      consent_text: 'أوافق على استلام إشعارات واتساب',
      user_agent: 'jest-browser/1.0',
      request_id: res.body.id,
    });
    expect(new Date(optIn.consent_timestamp).toISOString()).toBe(NOON);
    expect(optIn.ip_address).toMatch(/127\.0\.0\.1|::1/);
  });

  it('writes the customer confirmation and the administrators notice to the outbox; no customer message without opt-in', async () => {
    const phone = nextPhone();
    const res = await post(payload({ organizerPhone: phone })).expect(201);
    const groups = await db.query(
      `SELECT g.type, r.whatsapp, r.role FROM assurance_notification_groups g JOIN assurance_recipients r ON r.group_id = g.group_id
        WHERE g.form_id = $1 ORDER BY g.type`,
      [`request:${res.body.id}`],
    );
    expect(groups).toEqual([
      { type: 'newRequest', whatsapp: 'console', role: 'admin' },
      { type: 'requestConfirmation', whatsapp: `+966${phone.slice(1)}`, role: 'customer' },
    ]);
    const silent = await post(payload({ whatsappOptIn: false, consentText: null })).expect(201);
    const types = await db.query(`SELECT type FROM assurance_notification_groups WHERE form_id = $1`, [`request:${silent.body.id}`]);
    expect(types).toEqual([{ type: 'newRequest' }]);
    const [optIn] = await db.query(`SELECT count(*)::int AS n FROM whatsapp_opt_ins WHERE request_id = $1`, [silent.body.id]);
    expect(optIn.n).toBe(0);
  });

  it('writes no outbox row, opt-in, log or request when the transaction fails', async () => {
    const phone = nextPhone();
    const e164 = `+966${phone.slice(1)}`;
    // The database refuses the customer's outbox recipient row: everything written before it must roll back.
    await db.query(`CREATE OR REPLACE FUNCTION test_refuse_recipient() RETURNS trigger AS $$
      BEGIN IF NEW.whatsapp = '${e164}' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db.query(
      `CREATE TRIGGER test_refuse_recipient BEFORE INSERT ON assurance_recipients FOR EACH ROW EXECUTE FUNCTION test_refuse_recipient()`,
    );
    const count = () =>
      db.query(`SELECT (SELECT count(*) FROM assurance_notification_groups)::int AS g, (SELECT count(*) FROM requests)::int AS r,
                       (SELECT count(*) FROM activity_logs)::int AS l, (SELECT count(*) FROM whatsapp_opt_ins)::int AS o`);
    try {
      const before = await count();
      const res = await post(payload({ organizerPhone: phone }));
      expect(res.status).toBe(500);
      expect(res.body.message).toMatch(ARABIC);
      expect(await count()).toEqual(before);
    } finally {
      await db.query('DROP TRIGGER test_refuse_recipient ON assurance_recipients');
      await db.query('DROP FUNCTION test_refuse_recipient()');
    }
    await post(payload({ organizerPhone: phone })).expect(201);
  });

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

  describe('duplicates and the active limit', () => {
    it('20 identical submissions at once create exactly one request; the others get DUPLICATE_REQUEST', async () => {
      const body = payload({ organizerPhone: nextPhone() });
      const results = await Promise.all(Array.from({ length: 20 }, () => post(body)));
      const created = results.filter((r) => r.status === 201);
      expect(created).toHaveLength(1);
      const id = created[0].body.id;
      const others = results.filter((r) => r.status !== 201);
      expect(others).toHaveLength(19);
      for (const r of others) {
        expect(r.status).toBe(409);
        expect(r.body).toMatchObject({ code: 'DUPLICATE_REQUEST', details: { existingRequestId: id } });
        expect(r.body.message).toMatch(ARABIC);
      }
      const [row] = await db.query('SELECT count(*)::int AS n FROM requests WHERE organizer_phone = $1', [body.organizerPhone]);
      expect(row.n).toBe(1);
    });

    it('a third active request gets ACTIVE_REQUESTS_LIMIT; duplicates are reported first; finished ones do not count', async () => {
      const phone = nextPhone();
      const first = await post(payload({ organizerPhone: phone, eventDate: '2026-03-20' })).expect(201);
      await post(payload({ organizerPhone: phone, eventDate: '2026-03-21' })).expect(201);
      const third = await post(payload({ organizerPhone: phone, eventDate: '2026-03-22' })).expect(409);
      expect(third.body).toMatchObject({ code: 'ACTIVE_REQUESTS_LIMIT', details: { activeRequestsCount: 2 } });
      expect(third.body.message).toMatch(ARABIC);
      const dup = await post(payload({ organizerPhone: phone, eventDate: '2026-03-20' })).expect(409);
      expect(dup.body).toMatchObject({ code: 'DUPLICATE_REQUEST', details: { existingRequestId: first.body.id } });
      // A different event type on the same date is not a duplicate (still over the limit).
      const other = await post(payload({ organizerPhone: phone, eventDate: '2026-03-20', eventType: 'graduation' })).expect(409);
      expect(other.body.code).toBe('ACTIVE_REQUESTS_LIMIT');
      await db.query(`UPDATE requests SET status = 'completed' WHERE id = $1`, [first.body.id]);
      await post(payload({ organizerPhone: phone, eventDate: '2026-03-20' })).expect(201);
    });

    it('twenty concurrent different requests from one phone create exactly two', async () => {
      const phone = nextPhone();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => post(payload({ organizerPhone: phone, eventDate: addDaysToDateString(TOMORROW, i) }))),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(2);
      expect(results.filter((r) => r.status === 409 && r.body.code === 'ACTIVE_REQUESTS_LIMIT')).toHaveLength(18);
    });
  });

  it('answers 503 SITE_BLOCKED while the site is blocked, and the reads keep working', async () => {
    await db.query(`UPDATE system_settings SET value = 'true' WHERE key = 'site_blocked'`);
    try {
      const res = await post(payload()).expect(503);
      expect(res.body).toMatchObject({ code: 'SITE_BLOCKED', details: { blocked: true } });
      expect(res.body.message).toMatch(ARABIC);
      await t.http.get('/api/content').expect(200);
      await t.http.get('/api/dropdown-options').expect(200);
      await t.http.get('/api/simple-location-options').expect(200);
      await t.http.get('/api/homepage-statistics').expect(200);
    } finally {
      await db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'site_blocked'`);
    }
    await post(payload()).expect(201);
  });
});

for (const prepared of [true, false]) {
  describe(`POST /api/requests with DATABASE_PREPARED_STATEMENTS=${prepared}`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // Two connections (the fewest the app starts with), so the test can look into each session.
      t = await createTestApp({
        clock: new FakeClock(new Date(NOON)),
        env: { RATE_LIMIT_REQUESTS_PER_MINUTE: '100000', DATABASE_PREPARED_STATEMENTS: String(prepared), DATABASE_POOL_SIZE: '2' },
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`creates the request and its messages, refuses the duplicate, and ${prepared ? 'prepares' : 'never prepares'} its hot statements`, async () => {
      // A district the seed holds (as the main cases pick theirs).
      const [district] = (await t.app
        .get(DataSource)
        .query(`SELECT value FROM simple_districts WHERE area_value = 'yanbu_city' AND is_active ORDER BY id LIMIT 1`)) as Array<{
        value: string;
      }>;
      const body = validPayload({ district: district.value });
      const created = await t.http.post('/api/requests').send(body);
      expect([created.status, created.body.errors]).toEqual([201, undefined]);
      const db = t.app.get(DataSource);
      const [row] = (await db.query(`SELECT organizer_phone FROM requests WHERE id = $1`, [created.body.id])) as Array<{
        organizer_phone: string;
      }>;
      expect(row.organizer_phone).toBe(body.organizerPhone);
      const attempts = (await db.query(
        `SELECT a.template_key FROM assurance_attempts a JOIN assurance_notification_groups g ON g.group_id = a.group_id
          WHERE g.form_id = $1 ORDER BY a.template_key`,
        [`request:${created.body.id}`],
      )) as Array<{ template_key: string }>;
      expect(attempts.map((a) => a.template_key)).toEqual(['newRequest', 'requestConfirmation']);
      const again = await t.http.post('/api/requests').send(body).expect(409);
      expect(again.body.details).toEqual({ existingRequestId: created.body.id });

      // pg_prepared_statements lists one session's statements: hold both pooled connections and ask each.
      const runners = [db.createQueryRunner(), db.createQueryRunner()];
      try {
        await Promise.all(runners.map((r) => r.connect()));
        let n = 0;
        for (const r of runners) {
          const [found] = (await r.query(
            `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%INSERT INTO assurance_attempts%'`,
          )) as Array<{ n: number }>;
          n += found.n;
        }
        expect(n > 0).toBe(prepared);
      } finally {
        await Promise.all(runners.map((r) => r.release()));
      }
    });
  });
}
