import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import type { AdminRequestRow, BulkResult, RequestsSummary } from '../../src/shared/api/requests';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';

const ARABIC = /[\u0600-\u06FF]/;
// 12:00 in Riyadh on 10 March 2026.
const clock = new FakeClock(new Date('2026-03-10T09:00:00.000Z'));
const TAG = `desk${Date.now().toString(36)}`;
let districtValue = '';

interface Seed {
  name: string;
  phone: string;
  status?: string;
  eventDate?: string;
  endTime?: string;
  optIn?: boolean;
}

/** Inserts requests straight into the table (the public form has its own tests) and returns their ids. */
async function seed(db: DataSource, rows: Seed[]): Promise<number[]> {
  const out: number[] = [];
  for (const r of rows) {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, area, district,
         organizer_name, organizer_phone, food_types, status, whatsapp_opt_in)
       VALUES ('wedding', 100, $1, $2, 'ينبع', 'custom', 'yanbu_city', $7, $3, $4, '{rice_meat}', $5, $6) RETURNING id`,
      [r.eventDate ?? '2026-03-20', r.endTime ?? '22:00', r.name, r.phone, r.status ?? 'received', r.optIn ?? false, districtValue],
    );
    out.push(row.id);
  }
  return out;
}

describe('the requests desk (GET/DELETE /api/requests, /summary, /bulk)', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp({ clock });
    db = t.app.get(DataSource);
    [{ value: districtValue }] = await db.query(`SELECT value FROM simple_districts WHERE area_value = 'yanbu_city' ORDER BY id LIMIT 1`);
    const { token } = await signInAdmin(t.app);
    auth = { Authorization: `Bearer ${token}` };
    ids = await seed(db, [
      { name: `${TAG} بدر`, phone: '0550000101', status: 'received', eventDate: '2026-03-10', endTime: '21:00' },
      { name: `${TAG} أحمد`, phone: '0550000102', status: 'confirmed', eventDate: '2026-03-11', endTime: '13:00', optIn: true },
      { name: `${TAG} جمال`, phone: '0550000103', status: 'completed', eventDate: '2026-03-05' },
      { name: `${TAG} ثامر`, phone: '0550000104', status: 'cancelled', eventDate: '2026-03-12' },
    ]);
  });
  afterAll(() => t.close());

  it('lists a page with Content-Range, sorted by name and filtered by the search box', async () => {
    const res = await t.http
      .get('/api/requests')
      .query({ sort: '["organizerName","ASC"]', range: '[0,1]', filter: JSON.stringify({ q: TAG }) })
      .set(auth)
      .expect(200);
    expect(res.headers['content-range']).toBe('items 0-1/4');
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
    expect((res.body as AdminRequestRow[]).map((r) => r.organizerName)).toEqual([`${TAG} أحمد`, `${TAG} بدر`]);
  });

  it('finds a request by its number and by the phone written in any accepted form', async () => {
    const byNumber = await t.http
      .get('/api/requests')
      .query({ filter: JSON.stringify({ q: `#${ids[2]}` }) })
      .set(auth)
      .expect(200);
    expect(byNumber.body.map((r: AdminRequestRow) => r.id)).toEqual([ids[2]]);
    const byPhone = await t.http
      .get('/api/requests')
      .query({ filter: JSON.stringify({ q: '+966 55 000 0104' }) })
      .set(auth)
      .expect(200);
    expect(byPhone.body.map((r: AdminRequestRow) => r.id)).toEqual([ids[3]]);
    const arabicDigits = await t.http
      .get('/api/requests')
      .query({ filter: JSON.stringify({ q: '٠٥٥٠٠٠٠١٠٣' }) })
      .set(auth)
      .expect(200);
    expect(arabicDigits.body.map((r: AdminRequestRow) => r.id)).toEqual([ids[2]]);
  });

  it('sorts by status in the spec order and filters by status', async () => {
    const res = await t.http
      .get('/api/requests')
      .query({ sort: '["status","ASC"]', filter: JSON.stringify({ q: TAG }) })
      .set(auth)
      .expect(200);
    expect(res.body.map((r: AdminRequestRow) => r.status)).toEqual(['received', 'confirmed', 'completed', 'cancelled']);
    const confirmed = await t.http
      .get('/api/requests')
      .query({ filter: JSON.stringify({ status: 'confirmed', q: TAG }) })
      .set(auth)
      .expect(200);
    expect(confirmed.body.map((r: AdminRequestRow) => r.id)).toEqual([ids[1]]);
  });

  it('gives each request its collection deadline: end time + 2 hours, Riyadh time', async () => {
    const res = await t.http.get(`/api/requests/${ids[0]}`).set(auth).expect(200);
    // 21:00 in Riyadh on 10 March = 18:00Z; + 2 h.
    expect(res.body.collectionDeadline).toBe('2026-03-10T20:00:00.000Z');
    expect(res.body.foodTypes).toEqual(['rice_meat']);
    // Each record carries its Arabic labels.
    const [labels] = await db.query(
      `SELECT a.name AS area, d.name AS district, f.label AS food FROM simple_areas a
         JOIN simple_districts d ON d.area_value = a.value AND d.value = $1
         LEFT JOIN dropdown_options f ON f.type = 'foodType' AND f.value = 'rice_meat' WHERE a.value = 'yanbu_city'`,
      [districtValue],
    );
    expect(res.body).toMatchObject({ statusLabel: 'تم الاستلام', areaName: labels.area, districtName: labels.district });
    expect(res.body.foodTypeLabels).toEqual([labels.food]);
    expect(labels.food).toMatch(ARABIC);
    expect(res.body.eventTypeLabel).toMatch(ARABIC);
  });

  it('opens a request with every field the organizer gave, optional ones included', async () => {
    // Not tagged with TAG and dated after tomorrow: the list and pickup counts above stay as they are.
    const [{ id }] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, area, district, street,
         building_number, latitude, longitude, landmarks, location_phone, organizer_name, organizer_phone, organizer_email,
         food_types, additional_notes, status, whatsapp_opt_in, created_at)
       VALUES ('conference', 250, '2026-03-25', '23:30', 'ينبع، حي الفحص، شارع الملك عبدالعزيز', 'custom', 'yanbu_city', $1,
         'شارع الملك عبدالعزيز', '12', 24.0889, 38.0618, 'مقابل المسجد الكبير', '0551112233', 'مضيف السجل الكامل', '0550000199',
         'host@example.sa', '{rice_meat}', 'الدخول من البوابة الخلفية', 'received', true, '2026-03-01T08:15:00Z') RETURNING id`,
      [districtValue],
    );
    const res = await t.http.get(`/api/requests/${id}`).set(auth).expect(200);
    expect(res.body).toMatchObject({
      id,
      organizerName: 'مضيف السجل الكامل',
      organizerPhone: '0550000199',
      organizerEmail: 'host@example.sa',
      eventType: 'conference',
      eventDate: '2026-03-25',
      endTime: '23:30',
      attendeeCount: 250,
      fullAddress: 'ينبع، حي الفحص، شارع الملك عبدالعزيز',
      area: 'yanbu_city',
      district: districtValue,
      street: 'شارع الملك عبدالعزيز',
      buildingNumber: '12',
      importantPlace: null,
      latitude: 24.0889,
      longitude: 38.0618,
      landmarks: 'مقابل المسجد الكبير',
      locationPhone: '0551112233',
      foodTypes: ['rice_meat'],
      additionalNotes: 'الدخول من البوابة الخلفية',
      status: 'received',
      whatsappOptIn: true,
      createdAt: '2026-03-01T08:15:00.000Z',
    });
  });

  it.each([
    [{ sort: '["password","ASC"]' }, 'sort'],
    [{ range: '[0,100000]' }, 'range'],
    [{ filter: '{"organizerPhone":"x"}' }, 'filter'],
    [{ filter: '{"status":"lost"}' }, 'status'],
  ])('answers 400 in Arabic naming the parameter for %j', async (query, field) => {
    const res = await t.http.get('/api/requests').query(query).set(auth).expect(400);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.message).toMatch(ARABIC);
  });

  it('counts every status in one answer and lists the pickups of today and tomorrow by deadline', async () => {
    const res = await t.http.get('/api/requests/summary').set(auth).expect(200);
    const summary = res.body as RequestsSummary;
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM requests WHERE status = 'confirmed'`);
    expect(summary.counts.confirmed).toBe(n);
    expect(summary.counts.all).toBe(
      Object.entries(summary.counts)
        .filter(([k]) => k !== 'all')
        .reduce((a, [, v]) => a + v, 0),
    );
    expect([summary.today, summary.tomorrow]).toEqual(['2026-03-10', '2026-03-11']);
    expect(summary.pickups.today.map((r) => r.id)).toContain(ids[0]);
    expect(summary.pickups.tomorrow.map((r) => r.id)).toContain(ids[1]);
    // Completed and cancelled requests are not pickups.
    expect([...summary.pickups.today, ...summary.pickups.tomorrow].map((r) => r.id)).not.toContain(ids[3]);
  });

  it('changes many statuses in one call, each row with its own outcome and its own WhatsApp notice', async () => {
    const res = await t.http
      .post('/api/requests/bulk')
      .set(auth)
      .send({ ids: [ids[0], ids[1], 2_000_000_000], action: 'status', status: 'reviewing' })
      .expect(200);
    const body = res.body as BulkResult;
    expect(body.results).toEqual([
      { id: ids[0], ok: true, changed: true, notified: false },
      { id: ids[1], ok: true, changed: true, notified: true },
      { id: 2_000_000_000, ok: false, code: 'NOT_FOUND', message: 'الطلب غير موجود' },
    ]);
    // The answer counts the customers actually told (only the one who opted in).
    expect([body.succeeded, body.failed, body.notified]).toEqual([2, 1, 1]);
    const statuses = await db.query(`SELECT id, status FROM requests WHERE id = ANY($1) ORDER BY id`, [[ids[0], ids[1]]]);
    expect(statuses.map((r: { status: string }) => r.status)).toEqual(['reviewing', 'reviewing']);
    // Only the customer who agreed to WhatsApp is told.
    const notices = await db.query(
      `SELECT g.form_id FROM assurance_notification_groups g JOIN assurance_attempts a ON a.group_id = g.group_id
        WHERE a.template_key = 'statusUpdate' AND g.form_id = ANY($1)`,
      [[`request:${ids[0]}`, `request:${ids[1]}`]],
    );
    expect(notices.map((r: { form_id: string }) => r.form_id)).toEqual([`request:${ids[1]}`]);
    // The same status again changes nothing and tells nobody.
    const again = (
      await t.http
        .post('/api/requests/bulk')
        .set(auth)
        .send({ ids: [ids[1]], action: 'status', status: 'reviewing' })
    ).body as BulkResult;
    expect([again.results, again.notified]).toEqual([[{ id: ids[1], ok: true, changed: false, notified: false }], 0]);
  });

  it('stores the weighed kilograms at completion, and later on a completed request without a new notice', async () => {
    await t.http.patch(`/api/requests/${ids[1]}/status`).set(auth).send({ status: 'completed', weighedKg: 42.5 }).expect(200);
    const later = await t.http.patch(`/api/requests/${ids[1]}/status`).set(auth).send({ status: 'completed', weighedKg: 40 }).expect(200);
    expect(later.body).toMatchObject({ changed: false, message: 'تم حفظ الوزن الفعلي' });
    const [row] = await db.query(`SELECT weighed_kg::float8 AS kg, status FROM requests WHERE id = $1`, [ids[1]]);
    expect(row).toEqual({ kg: 40, status: 'completed' });
    const bad = await t.http.patch(`/api/requests/${ids[1]}/status`).set(auth).send({ status: 'completed', weighedKg: -3 }).expect(400);
    expect(bad.body.errors.weighedKg).toMatch(ARABIC);
  });

  it('moves the public homepage figures at once when a status changes (no stale cache)', async () => {
    const manual = await db.query(`UPDATE manual_homepage_statistics SET is_active = false WHERE is_active RETURNING id`);
    try {
      const before = (await t.http.get('/api/homepage-statistics').expect(200)).body;
      await t.http.patch(`/api/requests/${ids[0]}/status`).set(auth).send({ status: 'completed' }).expect(200);
      const after = (await t.http.get('/api/homepage-statistics').expect(200)).body;
      expect(after.completedRequests).toBe(before.completedRequests + 1);
    } finally {
      for (const { id } of manual) await db.query(`UPDATE manual_homepage_statistics SET is_active = true WHERE id = $1`, [id]);
    }
  });

  it('refuses a bulk call without a target status, or with too many rows, in Arabic', async () => {
    const missing = await t.http
      .post('/api/requests/bulk')
      .set(auth)
      .send({ ids: [ids[0]], action: 'status' })
      .expect(400);
    expect(missing.body.errors.status).toMatch(ARABIC);
    const tooMany = await t.http
      .post('/api/requests/bulk')
      .set(auth)
      .send({ ids: Array.from({ length: 501 }, (_, i) => i + 1), action: 'delete' })
      .expect(400);
    expect(tooMany.body.errors.ids).toMatch(ARABIC);
  });

  it('deletes by archiving the request with who and why, in one transaction with its activity log', async () => {
    await t.http.delete(`/api/requests/${ids[3]}`).set(auth).send({ reason: 'طلب مكرر' }).expect(200);
    const [archived] = await db.query(
      `SELECT organizer_name, status, deleted_by, deletion_reason FROM deleted_requests WHERE original_id = $1`,
      [ids[3]],
    );
    expect(archived).toEqual({ organizer_name: `${TAG} ثامر`, status: 'cancelled', deleted_by: 'test-admin', deletion_reason: 'طلب مكرر' });
    expect(await db.query(`SELECT id FROM requests WHERE id = $1`, [ids[3]])).toEqual([]);
    const [log] = await db.query(`SELECT action FROM activity_logs WHERE entity_type = 'request' AND entity_id = $1`, [String(ids[3])]);
    expect(log.action).toBe('request_deleted');
    // The deletion confirmations of the request stay (they keep its number).
    await db.query(
      `INSERT INTO deletion_confirmations (request_id, confirmation_code, requested_by, expires_at) VALUES ($1, $2, 'test-admin', now())`,
      [ids[2], `code-${ids[2]}`],
    );
    await t.http.delete(`/api/requests/${ids[2]}`).set(auth).expect(200);
    expect(await db.query(`SELECT request_id FROM deletion_confirmations WHERE request_id = $1`, [ids[2]])).toEqual([
      { request_id: ids[2] },
    ]);
    const again = await t.http.delete(`/api/requests/${ids[3]}`).set(auth).expect(404);
    expect(again.body.message).toBe('الطلب غير موجود');
  });

  it('answers 400 for ids that are not request numbers, never 500', async () => {
    for (const id of ['abc', '0', '4294967296', '99999999999999999999']) {
      const res = await t.http.get(`/api/requests/${id}`).set(auth);
      expect([id, res.status]).toEqual([id, 400]);
    }
  });

  it('pages through 10,000 requests by event date with the right total', async () => {
    await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, food_types, status)
       SELECT 'wedding', 50, date '2026-01-01' + (g % 300), '20:00', 'ينبع', 'custom', $1 || ' كبير ' || g, '0559' || lpad(g::text, 6, '0'), '{}', 'received'
         FROM generate_series(1, 10000) g`,
      [TAG],
    );
    const filter = JSON.stringify({ q: `${TAG} كبير` });
    const first = await t.http.get('/api/requests').query({ sort: '["eventDate","ASC"]', range: '[0,49]', filter }).set(auth).expect(200);
    expect(first.headers['content-range']).toBe('items 0-49/10000');
    const last = await t.http
      .get('/api/requests')
      .query({ sort: '["eventDate","ASC"]', range: '[9975,9999]', filter })
      .set(auth)
      .expect(200);
    expect(last.headers['content-range']).toBe('items 9975-9999/10000');
    expect(last.body[24].eventDate >= first.body[0].eventDate).toBe(true);
    // The counters (kept by triggers) agree with the table after inserts, status changes and deletes.
    const summary = (await t.http.get('/api/requests/summary').set(auth).expect(200)).body as RequestsSummary;
    const actual = await db.query(`SELECT status, count(*)::int AS n FROM requests GROUP BY status`);
    for (const { status, n } of actual) expect([status, summary.counts[status as keyof RequestsSummary['counts']]]).toEqual([status, n]);
    const beyond = await t.http.get('/api/requests').query({ range: '[20000,20009]', filter }).set(auth).expect(200);
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['content-range']).toBe('items 20000-20000/10000');
  });
});
