import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { RequestIdempotency } from '../../src/modules/requests/public/request-idempotency';
import { addDaysToDateString } from '../../src/shared/time';
import { createTestApp, TestApp } from '../support/test-app';
import { ARABIC, cityDistrict, NOON, phoneSequence, TODAY, validPayload } from '../support/requests-create';

// POST /api/requests with an Idempotency-Key (decisions.md "Offline-tolerant public form"): the form
// kept offline sends its request when the connection returns, possibly more than once.
const nextPhone = phoneSequence(7000);
const HOUR = 3_600_000;
// Ten days ahead: moving the clock by a day or two keeps the event valid.
const EVENT_DATE = addDaysToDateString(TODAY, 10);

describe('POST /api/requests with an Idempotency-Key', () => {
  let t: TestApp;
  let db: DataSource;
  const clock = new FakeClock(new Date(NOON));
  let district: string;

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { RATE_LIMIT_REQUESTS_PER_MINUTE: '100000' } });
    db = t.app.get(DataSource);
    district = (await cityDistrict(db)).value;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    clock.set(NOON);
  });

  const payload = (phone = nextPhone(), over: Record<string, unknown> = {}) =>
    validPayload(phone, { district, eventDate: EVENT_DATE, ...over });
  const post = (body: Record<string, unknown>, key?: string) => {
    const call = t.http.post('/api/requests').send(body);
    return key === undefined ? call : call.set('Idempotency-Key', key);
  };
  /** What one phone's requests left behind: requests, activity rows, WhatsApp messages. */
  const traces = async (phone: string) => {
    const [row] = await db.query(
      `SELECT (SELECT count(*)::int FROM requests WHERE organizer_phone = $1) AS requests,
              (SELECT count(*)::int FROM activity_logs a JOIN requests r ON a.entity_id = r.id::text
                 WHERE a.action = 'request_created' AND r.organizer_phone = $1) AS activity,
              (SELECT count(*)::int FROM assurance_notification_groups g JOIN requests r ON g.form_id = 'request:' || r.id
                 WHERE r.organizer_phone = $1) AS messages`,
      [phone],
    );
    return row as { requests: number; activity: number; messages: number };
  };

  it('answers a repeat with the first answer (same status and body) and creates nothing more', async () => {
    const phone = nextPhone();
    const key = randomUUID();
    const first = await post(payload(phone), key).expect(201);
    expect(first.body).toEqual({ id: expect.any(Number), status: 'received', message: expect.stringMatching(ARABIC) });
    const after = await traces(phone);
    expect(after).toMatchObject({ requests: 1, activity: 1 });
    expect(after.messages).toBeGreaterThan(0);

    // The same body in another key order is the same body.
    const reordered = Object.fromEntries(Object.entries(payload(phone)).reverse());
    const again = await post(reordered, key).expect(201);
    expect(again.body).toEqual(first.body);
    expect(await traces(phone)).toEqual(after);

    // Without the key the same body is a duplicate, as before.
    const duplicate = await post(payload(phone)).expect(409);
    expect(duplicate.body).toMatchObject({ code: 'DUPLICATE_REQUEST', details: { existingRequestId: first.body.id } });
  });

  it('keeps the key hashed: its text is stored nowhere', async () => {
    const key = `form-${randomUUID()}`;
    const res = await post(payload(), key).expect(201);
    const rows = await db.query(`SELECT * FROM request_idempotency_keys WHERE request_id = $1`, [res.body.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows[0]).toMatchObject({ status_code: 201, response: res.body });
  });

  it('answers the first answer even when the rules would now refuse the same body (a late repeat)', async () => {
    const phone = nextPhone();
    const key = randomUUID();
    // An event ending at 14:00 today, sent at noon; at 13:30 it is under the same-day lead time of an hour.
    const body = payload(phone, { eventDate: TODAY, endTime: '14:00' });
    const first = await post(body, key).expect(201);
    clock.advance(1.5 * HOUR);
    const fresh = await post(body).expect(400);
    expect(Object.values(fresh.body.errors).join(' ')).toMatch(ARABIC);
    const repeat = await post(body, key).expect(201);
    expect(repeat.body).toEqual(first.body);
    expect((await traces(phone)).requests).toBe(1);
  });

  it('refuses the same key with a different body (422, in Arabic) and creates nothing', async () => {
    const phone = nextPhone();
    const key = randomUUID();
    await post(payload(phone), key).expect(201);
    const otherPhone = nextPhone();
    const res = await post(payload(otherPhone), key).expect(422);
    expect(res.body).toMatchObject({ statusCode: 422, code: 'IDEMPOTENCY_KEY_REUSED', message: expect.stringMatching(ARABIC) });
    expect((await traces(otherPhone)).requests).toBe(0);
    // Same phone, another attendee count: also another body.
    const changed = await post(payload(phone, { attendeeCount: 300 }), key).expect(422);
    expect(changed.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await traces(phone)).requests).toBe(1);
  });

  it('makes one request of repeats sent at once, and every repeat answers it', async () => {
    const phone = nextPhone();
    const key = randomUUID();
    const body = payload(phone);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(body, key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => a.body.id));
    expect(ids.size).toBe(1);
    const left = await traces(phone);
    expect(left).toMatchObject({ requests: 1, activity: 1 });
    // One confirmation and one notice at most, as for a single request.
    expect(left.messages).toBeLessThanOrEqual(2);
  });

  it('makes one request of the same key with different bodies sent at once; the others get 422', async () => {
    const key = randomUUID();
    const phones = [nextPhone(), nextPhone(), nextPhone(), nextPhone()];
    const answers = await Promise.all(phones.map((phone) => post(payload(phone), key)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422]);
    const created = await db.query(`SELECT count(*)::int AS n FROM requests WHERE organizer_phone = ANY($1)`, [phones]);
    expect(created[0].n).toBe(1);
  });

  it('forgets a key after 24 hours (the app clock): the same key then starts a new request', async () => {
    const key = randomUUID();
    const first = await post(payload(), key).expect(201);
    clock.advance(24 * HOUR - 1000);
    await post(payload(), key).expect(422);
    clock.advance(2000);
    const later = await post(payload(), key).expect(201);
    expect(later.body.id).not.toBe(first.body.id);
    // The key now answers the new request.
    const row = await db.query(`SELECT request_id FROM request_idempotency_keys WHERE request_id = ANY($1)`, [
      [first.body.id, later.body.id],
    ]);
    expect(row).toEqual([{ request_id: later.body.id }]);
  });

  it('keeps nothing for a refused call: the corrected body goes through with the same key', async () => {
    const phone = nextPhone();
    const key = randomUUID();
    const refused = await post(payload(phone, { attendeeCount: 3 }), key).expect(400);
    expect(refused.body.errors.attendeeCount).toMatch(ARABIC);
    await post(payload(phone), key).expect(201);
    expect((await traces(phone)).requests).toBe(1);
  });

  it('refuses a malformed key in Arabic before anything is created', async () => {
    const phone = nextPhone();
    for (const key of ['', 'a'.repeat(256), 'clé-\u00e9', 'with space']) {
      const res = await post(payload(phone), key).expect(400);
      expect(res.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_INVALID', message: expect.stringMatching(ARABIC) });
    }
    expect((await traces(phone)).requests).toBe(0);
  });

  it('removes keys past their 24 hours in the nightly purge and keeps the live ones', async () => {
    const old = await post(payload(), randomUUID()).expect(201);
    clock.advance(20 * HOUR);
    const live = await post(payload(), randomUUID()).expect(201);
    clock.advance(5 * HOUR);
    await t.app.get(RequestIdempotency).purge();
    const rows = await db.query(`SELECT request_id FROM request_idempotency_keys WHERE request_id = ANY($1) ORDER BY request_id`, [
      [old.body.id, live.body.id],
    ]);
    expect(rows).toEqual([{ request_id: live.body.id }]);
  });
});
