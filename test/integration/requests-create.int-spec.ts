import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { addDaysToDateString } from '../../src/shared/time';
import { createTestApp, TestApp } from '../support/test-app';
import { ARABIC, cityDistrict, NOON, phoneSequence, TOMORROW, validPayload } from '../support/requests-create';

// Creating a request: what is stored and sent, duplicates, the active limit, the blocked site.
// The field rules are in requests-create-rules.int-spec.ts.
const nextPhone = phoneSequence(0);

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
    const logs = await db.query(`SELECT * FROM activity_logs WHERE action = 'request_created' AND entity_id = $1`, [String(res.body.id)]);
    // One row, from the public (no administrator), with the sender's browser.
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ user_id: null, user_agent: 'jest-browser/1.0' });
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
      const body = validPayload(nextPhone(), { district: district.value });
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
