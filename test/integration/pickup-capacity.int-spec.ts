import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { formatGregorianAr } from '../../src/shared/arabic-date';
import { addDaysToDateString } from '../../src/shared/time';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';
import { ARABIC, cityDistrict, NOON, phoneSequence, validPayload } from '../support/requests-create';

// The daily pickup capacity (decisions.md "Pickup capacity"): the setting, the public availability and
// POST /api/requests refusing a full date with 409 DATE_FULL, counted under a lock. Dates in early July
// 2026, which no other file uses; the clock stands at 10 March 2026 noon (Riyadh) like the form's tests.
const nextPhone = phoneSequence(800);
const D = '2026-07-01';

describe('daily pickup capacity', () => {
  let t: TestApp;
  let db: DataSource;
  let token: string;
  let district: string;
  const clock = new FakeClock(new Date(NOON));

  const post = (body: Record<string, unknown>) => t.http.post('/api/requests').send(body);
  const payload = (over: Record<string, unknown> = {}) => validPayload(nextPhone(), { district, ...over });
  const putCapacity = (maxPerDay: unknown) =>
    t.http.put('/api/admin/pickup-capacity').set('authorization', `Bearer ${token}`).send({ maxPerDay });
  const dayCount = async (date: string): Promise<number> =>
    (await db.query(`SELECT count(*)::int AS n FROM requests WHERE event_date = $1 AND status <> 'cancelled'`, [date]))[0].n;
  /** Requests placed straight in the table (status as given), to fill a date. */
  const fill = async (date: string, n: number, status = 'received') => {
    for (let i = 0; i < n; i += 1)
      await db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name,
           organizer_phone, food_types, status) VALUES ('wedding', 100, $1, '22:00', 'ينبع', 'custom', 'سعة', $2, '{}', $3)`,
        [date, nextPhone(), status],
      );
  };

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: { RATE_LIMIT_REQUESTS_PER_MINUTE: '100000', REDIS_PREFIX: `${testState().redisPrefix}:capacity` },
    });
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'capacity-admin')).token;
    district = (await cityDistrict(db)).value;
    await db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'site_blocked'`);
  });
  afterAll(async () => {
    // The setting is global: later files must find no limit.
    await db?.query(`DELETE FROM system_settings WHERE key = 'pickup_max_per_day'`);
    await t?.close();
  });
  beforeEach(async () => {
    clock.set(NOON);
    await db.query(`DELETE FROM system_settings WHERE key = 'pickup_max_per_day'`);
  });

  it('reads and saves the setting: empty means no limit, whole numbers 1 to 1000, Arabic field errors, logged', async () => {
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.http.get('/api/admin/pickup-capacity').set(auth).expect(200)).body).toEqual({
      maxPerDay: null,
      updatedAt: null,
      updatedBy: null,
    });
    await t.http.get('/api/admin/pickup-capacity').expect(401);
    await t.http.put('/api/admin/pickup-capacity').send({ maxPerDay: 5 }).expect(401);
    for (const bad of [0, -1, 1001, 2.5, 'خمسة', true]) {
      const res = await putCapacity(bad).expect(400);
      expect(res.body.errors.maxPerDay).toBe('الحد الأقصى للاستلامات في اليوم يجب أن يكون رقماً صحيحاً من 1 إلى 1000، أو فارغاً لعدم التقييد');
    }
    await t.http.put('/api/admin/pickup-capacity').set(auth).send({ maxPerDay: 5, extra: 1 }).expect(400);

    const saved = await putCapacity(12).expect(200);
    expect(saved.body).toMatchObject({ success: true, capacity: { maxPerDay: 12, updatedBy: 'capacity-admin' } });
    expect(saved.body.message).toMatch(ARABIC);
    expect((await t.http.get('/api/admin/pickup-capacity').set(auth).expect(200)).body.maxPerDay).toBe(12);
    const [log] = await db.query(`SELECT metadata FROM activity_logs WHERE action = 'pickup_capacity_updated' ORDER BY id DESC LIMIT 1`);
    expect(log.metadata).toEqual({ before: null, after: 12 });

    await putCapacity(null).expect(200);
    expect((await t.http.get('/api/admin/pickup-capacity').set(auth).expect(200)).body.maxPerDay).toBeNull();
  });

  it('20 concurrent requests (different phones) for a date with 3 places left: exactly 3 created, 17 × 409 DATE_FULL', async () => {
    const before = await dayCount(D);
    await putCapacity(before + 3).expect(200);
    const results = await Promise.all(Array.from({ length: 20 }, () => post(payload({ eventDate: D }))));
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(17);
    const next = addDaysToDateString(D, 1);
    const message = `اكتمل جدول الاستلام في ${formatGregorianAr(D)}، أقرب موعد متاح ${formatGregorianAr(next)}`;
    expect(message).toBe('اكتمل جدول الاستلام في 1 يوليو 2026م، أقرب موعد متاح 2 يوليو 2026م');
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body).toEqual({
        statusCode: 409,
        code: 'DATE_FULL',
        message,
        errors: { eventDate: message },
        details: { date: D, nextAvailable: next },
      });
    }
    expect(await dayCount(D)).toBe(before + 3);
  });

  it('names the first date after it that is not full, and a cancelled pickup frees its place', async () => {
    const date = '2026-07-03';
    const [second, third] = [addDaysToDateString(date, 1), addDaysToDateString(date, 2)];
    const cap = Math.max(await dayCount(date), await dayCount(second), await dayCount(third)) + 2;
    await putCapacity(cap).expect(200);
    await fill(date, cap - (await dayCount(date)));
    await fill(second, cap - (await dayCount(second)));
    // Cancelled requests are not pickups: a third date full of cancellations is still free.
    await fill(third, cap, 'cancelled');
    const refused = await post(payload({ eventDate: date })).expect(409);
    expect(refused.body.details).toEqual({ date, nextAvailable: third });
    expect(refused.body.message).toBe(`اكتمل جدول الاستلام في 3 يوليو 2026م، أقرب موعد متاح 5 يوليو 2026م`);

    // A duplicate is still reported as a duplicate (checked first, under the phone's lock).
    await db.query(
      `UPDATE requests SET status = 'cancelled' WHERE id = (SELECT id FROM requests WHERE event_date = $1 AND status = 'received' ORDER BY id LIMIT 1)`,
      [date],
    );
    const phone = nextPhone();
    const created = await post(payload({ organizerPhone: phone, eventDate: date })).expect(201);
    const again = await post(payload({ organizerPhone: phone, eventDate: date })).expect(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE_REQUEST', details: { existingRequestId: created.body.id } });
    await post(payload({ eventDate: date })).expect(409);
  });

  it('says when no date is free in the six months the form allows', async () => {
    const last = '2026-09-10'; // six months after 10 March 2026: the form's last date
    await putCapacity(Math.max(1, await dayCount(last))).expect(200);
    await fill(last, Math.max(0, 1 - (await dayCount(last))));
    const res = await post(payload({ eventDate: last })).expect(409);
    expect(res.body.details).toEqual({ date: last, nextAvailable: null });
    expect(res.body.message).toBe('اكتمل جدول الاستلام في 10 سبتمبر 2026م، ولا يوجد موعد متاح في الأشهر الستة القادمة');
  });

  it('without a capacity the form is not limited and every date is available', async () => {
    const date = '2026-07-08';
    await fill(date, 3);
    await post(payload({ eventDate: date })).expect(201);
    const res = await t.http.get(`/api/pickup-availability?from=${date}&days=3`).expect(200);
    expect(res.body).toEqual([
      { date, full: false },
      { date: '2026-07-09', full: false },
      { date: '2026-07-10', full: false },
    ]);
  });

  it('GET /api/pickup-availability: public, full dates marked, answers kept 10 seconds, bad parameters refused in Arabic', async () => {
    const date = '2026-07-12';
    const cap = (await dayCount(date)) + 1;
    await putCapacity(cap).expect(200);
    await fill(date, 1);
    const first = await t.http.get(`/api/pickup-availability?from=${date}&days=2`).expect(200);
    expect(first.body).toEqual([
      { date, full: true },
      { date: '2026-07-13', full: false },
    ]);
    // The next date fills up: the kept answer is given for 10 seconds, then the new one.
    await fill('2026-07-13', cap - (await dayCount('2026-07-13')));
    expect((await t.http.get(`/api/pickup-availability?from=${date}&days=2`).expect(200)).body[1].full).toBe(false);
    clock.advance(10_001);
    expect((await t.http.get(`/api/pickup-availability?from=${date}&days=2`).expect(200)).body[1].full).toBe(true);
    // A new capacity applies at once.
    await putCapacity(cap + 5).expect(200);
    expect((await t.http.get(`/api/pickup-availability?from=${date}&days=2`).expect(200)).body).toEqual([
      { date, full: false },
      { date: '2026-07-13', full: false },
    ]);

    expect((await t.http.get(`/api/pickup-availability?from=${date}&days=60`).expect(200)).body).toHaveLength(60);
    for (const query of ['days=61', 'days=0', 'days=abc', 'days=1.5', 'days=']) {
      const res = await t.http.get(`/api/pickup-availability?from=${date}&${query}`).expect(400);
      expect(res.body.errors.days).toBe('عدد الأيام يجب أن يكون رقماً صحيحاً من 1 إلى 60');
    }
    for (const from of ['2026-02-30', '01-07-2026', '', 'x']) {
      const res = await t.http.get(`/api/pickup-availability?from=${from}&days=3`).expect(400);
      expect(res.body.errors.from).toBe('التاريخ يجب أن يكون بالشكل YYYY-MM-DD');
    }
  });
});

describe('GET /api/pickup-availability rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_PUBLIC_READS_PER_MINUTE: '3', REDIS_PREFIX: `${testState().redisPrefix}:availability-limit` },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts each call per address like the other public limits: the fourth in a minute is 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) await t.http.get('/api/pickup-availability?from=2026-07-01&days=7').expect(200);
    const limited = await t.http.get('/api/pickup-availability?from=2026-07-01&days=7').expect(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
