import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import type { DaySummary, PickupRow, PickupStrip } from '../../src/shared/api/pickups';
import { addDaysToDateString, riyadhInstant } from '../../src/shared/time';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

// «جدول الاستلام»: a date's pickups in deadline order with where to go, the strip against the capacity,
// the run sheet read back with pdftotext, and the dashboard's day in one call. The clock stands on
// Wednesday 14 October 2026 (Riyadh), a month no other file writes to.
const TODAY = '2026-10-14';
const TOMORROW = '2026-10-15';
const tag = `يوم${Date.now().toString(36).slice(-4)}`;

/** The text of a PDF as pdftotext reads it (logical order), bidi marks dropped. */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-q', '-layout', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
}
const squeeze = (s: string) => s.replace(/\s+/g, '');

const binary = (res: { on: Function }, done: (e: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe("the dispatcher's day: GET /api/admin/pickups, strip, run sheet, day summary", () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { authorization: string };
  let district: { value: string; name: string; areaName: string };
  let place: { value: string; label: string; latitude: number | null; longitude: number | null };
  let food: string;
  const ids: Record<string, number> = {};

  async function seed(
    key: string,
    over: Partial<{
      date: string;
      end: string;
      status: string;
      place: string | null;
      lat: number | null;
      lng: number | null;
      landmarks: string | null;
      assignee: [string, string] | null;
      attendees: number;
      weighed: number | null;
      address: string;
    }> = {},
  ) {
    const o = {
      date: TODAY,
      end: '22:00',
      status: 'received',
      place: null,
      lat: null,
      lng: null,
      landmarks: null,
      assignee: null,
      attendees: 100,
      weighed: null,
      address: `ينبع، حي ${district.name}، شارع البحر`,
      ...over,
    };
    // The assigned volunteer: one per number, as the volunteers resource keeps them.
    const [volunteer] = o.assignee
      ? await db.query(
          `INSERT INTO volunteers (name, whatsapp) VALUES ($1, '+966' || substr($2, 2))
           ON CONFLICT (whatsapp) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
          o.assignee,
        )
      : [null];
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, area, district,
         important_place, latitude, longitude, landmarks, organizer_name, organizer_phone, food_types, status, weighed_kg,
         volunteer_id)
       VALUES ('wedding', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, '{rice_meat}', $14, $15, $16) RETURNING id`,
      [
        o.attendees,
        o.date,
        o.end,
        o.address,
        o.place ? 'important_place' : 'custom',
        o.place ? null : 'yanbu_city',
        o.place ? null : district.value,
        o.place,
        o.lat,
        o.lng,
        o.landmarks,
        `${tag} ${key}`,
        `05590${String(Object.keys(ids).length).padStart(5, '0')}`,
        o.status,
        o.weighed,
        volunteer?.id ?? null,
      ],
    );
    ids[key] = row.id;
    return row.id as number;
  }

  beforeAll(async () => {
    t = await createTestApp({
      clock: new FakeClock(riyadhInstant(TODAY, '09:00')),
      env: { REDIS_PREFIX: `${testState().redisPrefix}:pickups-day` },
    });
    db = t.app.get(DataSource);
    auth = { authorization: `Bearer ${(await signInAdmin(t.app, 'dispatcher')).token}` };
    [district] = await db.query(
      `SELECT d.value, d.name, a.name AS "areaName" FROM simple_districts d JOIN simple_areas a ON a.value = d.area_value
        WHERE d.area_value = 'yanbu_city' AND d.is_active ORDER BY d.id LIMIT 1`,
    );
    [place] = await db.query(
      `SELECT value, label, latitude, longitude FROM dropdown_options WHERE type = 'importantPlace' AND is_active ORDER BY id LIMIT 1`,
    );
    await db.query(`UPDATE dropdown_options SET latitude = 24.0912, longitude = 38.0634 WHERE type = 'importantPlace' AND value = $1`, [
      place.value,
    ]);
    [{ label: food }] = await db.query(`SELECT label FROM dropdown_options WHERE type = 'foodType' AND value = 'rice_meat'`);
    await db.query(`DELETE FROM system_settings WHERE key = 'pickup_max_per_day'`);
  });
  afterAll(async () => {
    if (place)
      await db.query(`UPDATE dropdown_options SET latitude = $2, longitude = $3 WHERE type = 'importantPlace' AND value = $1`, [
        place.value,
        place.latitude,
        place.longitude,
      ]);
    await db?.query(`DELETE FROM system_settings WHERE key = 'pickup_max_per_day'`);
    await t?.close();
  });

  it("lists a date's pickups (not cancelled) by collection deadline, with the place, its coordinates and the volunteer", async () => {
    await seed('late', { end: '23:30', landmarks: 'بجوار المسجد الكبير', assignee: ['سالم المتطوع', '0551234567'] });
    await seed('venue', { end: '21:00', place: place.value, address: `${place.label}، ينبع` });
    await seed('gps', { end: '21:00', lat: 24.1, lng: 38.05, address: 'الموقع الحالي (GPS)' });
    await seed('done', { end: '18:00', status: 'completed', weighed: 40 });
    await seed('gone', { end: '19:00', status: 'cancelled' });
    await seed('tomorrow', { date: TOMORROW, end: '20:00', place: 'قاعة كتبها المضيف', address: 'قاعة كتبها المضيف، ينبع' });

    const res = await t.http
      .get(`/api/admin/pickups?date=${TODAY}&filter=${encodeURIComponent(JSON.stringify({}))}`)
      .set(auth)
      .expect(200);
    const mine = (res.body as PickupRow[]).filter((p) => p.organizerName.startsWith(tag));
    expect(mine.map((p) => p.organizerName)).toEqual([`${tag} done`, `${tag} venue`, `${tag} gps`, `${tag} late`]);
    expect(res.headers['content-range']).toMatch(/^items 0-\d+\/\d+$/);

    const by = Object.fromEntries(mine.map((p) => [p.organizerName.slice(tag.length + 1), p]));
    expect(by.venue).toMatchObject({
      place: place.label,
      address: `${place.label}، ينبع`,
      latitude: 24.0912,
      longitude: 38.0634,
      coordinatesFrom: 'place',
    });
    expect(by.gps).toMatchObject({ latitude: 24.1, longitude: 38.05, coordinatesFrom: 'gps' });
    expect(by.late).toMatchObject({
      place: district.name,
      address: `ينبع، حي ${district.name}، شارع البحر`,
      landmarks: 'بجوار المسجد الكبير',
      latitude: null,
      coordinatesFrom: null,
      volunteerId: expect.any(Number),
      volunteerName: 'سالم المتطوع',
      volunteerPhone: '0551234567',
      foodTypeLabels: [food],
      statusLabel: expect.stringMatching(/[\u0600-\u06FF]/),
      endTime: '23:30',
      // 23:30 + 2 hours, Riyadh, is 22:30 UTC on the same calendar day.
      collectionDeadline: '2026-10-14T22:30:00.000Z',
    });
    expect(by.done.status).toBe('completed');

    // No date: today in Riyadh by the app's clock; a status filter narrows it; descending order is allowed.
    const today = (await t.http.get('/api/admin/pickups').set(auth).expect(200)).body as PickupRow[];
    expect(today.filter((p) => p.organizerName.startsWith(tag))).toHaveLength(4);
    const completed = await t.http
      .get(`/api/admin/pickups?filter=${encodeURIComponent(JSON.stringify({ date: TODAY, status: 'completed' }))}`)
      .set(auth)
      .expect(200);
    expect((completed.body as PickupRow[]).filter((p) => p.organizerName.startsWith(tag)).map((p) => p.organizerName)).toEqual([
      `${tag} done`,
    ]);
    const desc = await t.http
      .get(`/api/admin/pickups?date=${TODAY}&sort=${encodeURIComponent('["collectionDeadline","DESC"]')}`)
      .set(auth)
      .expect(200);
    expect((desc.body as PickupRow[]).filter((p) => p.organizerName.startsWith(tag))[0].organizerName).toBe(`${tag} late`);
    // A venue typed by the host (no label) is read from the address, never shown as a code.
    const next = (await t.http.get(`/api/admin/pickups?date=${TOMORROW}`).set(auth).expect(200)).body as PickupRow[];
    expect(next.find((p) => p.id === ids.tomorrow)).toMatchObject({ place: 'قاعة كتبها المضيف، ينبع', address: null });
  });

  it('refuses bad parameters in Arabic and answers only an administrator', async () => {
    await t.http.get(`/api/admin/pickups?date=${TODAY}`).expect(401);
    await t.http.get(`/api/admin/pickups/run-sheet?date=${TODAY}`).expect(401);
    await t.http.get('/api/admin/pickups/day').expect(401);
    for (const query of ['date=2026-13-01', 'date=today', `filter=${encodeURIComponent('{"date":"14-10-2026"}')}`]) {
      const res = await t.http.get(`/api/admin/pickups?${query}`).set(auth).expect(400);
      expect(res.body.errors.date).toBe('التاريخ يجب أن يكون بالشكل YYYY-MM-DD');
    }
    const sort = await t.http
      .get(`/api/admin/pickups?sort=${encodeURIComponent('["organizerName","ASC"]')}`)
      .set(auth)
      .expect(400);
    expect(sort.body.errors.sort).toBe('لا يمكن الترتيب حسب هذا الحقل');
    const status = await t.http
      .get(`/api/admin/pickups?filter=${encodeURIComponent('{"status":"lost"}')}`)
      .set(auth)
      .expect(400);
    expect(status.body.errors.status).toBe('حالة الطلب غير صحيحة');
    const strip = await t.http.get('/api/admin/pickups/strip?days=61').set(auth).expect(400);
    expect(strip.body.errors.days).toMatch(/[\u0600-\u06FF]/);
    await t.http.get('/api/admin/pickups/run-sheet?date=2026-02-30').set(auth).expect(400);
  });

  it('strips 14 days from today with each count against the capacity', async () => {
    const before = (await t.http.get('/api/admin/pickups/strip').set(auth).expect(200)).body as PickupStrip;
    expect(before.from).toBe(TODAY);
    expect(before.capacity).toBeNull();
    expect(before.days).toHaveLength(14);
    expect(before.days[0]).toMatchObject({ date: TODAY, full: false });
    expect(before.days[13].date).toBe(addDaysToDateString(TODAY, 13));
    const todayCount = before.days[0].count;
    const tomorrowCount = before.days[1].count;
    expect(todayCount).toBeGreaterThanOrEqual(4);

    await t.http.put('/api/admin/pickup-capacity').set(auth).send({ maxPerDay: todayCount }).expect(200);
    const after = (await t.http.get(`/api/admin/pickups/strip?from=${TODAY}&days=3`).set(auth).expect(200)).body as PickupStrip;
    expect(after).toEqual({
      from: TODAY,
      capacity: todayCount,
      days: [
        { date: TODAY, count: todayCount, full: true },
        { date: TOMORROW, count: tomorrowCount, full: tomorrowCount >= todayCount },
        { date: addDaysToDateString(TODAY, 2), count: after.days[2].count, full: after.days[2].count >= todayCount },
      ],
    });
    await db.query(`DELETE FROM system_settings WHERE key = 'pickup_max_per_day'`);
  });

  it("prints the run sheet as an Arabic PDF: title, date, and each pickup's name, phone, place and volunteer in deadline order", async () => {
    const res = await t.http.get(`/api/admin/pickups/run-sheet?date=${TODAY}`).set(auth).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(`جدول-الاستلام-${TODAY}.pdf`)}`);
    const text = pdfText(res.body as Buffer);
    const flat = squeeze(text);
    expect(flat).toContain(squeeze('جدول الاستلام'));
    expect(flat).toContain(squeeze('14 أكتوبر 2026م'));
    for (const header of ['الاسم', 'الجوال', 'المكان أو العنوان', 'معالم قريبة', 'الحضور', 'أنواع الطعام', 'آخر موعد', 'المتطوع'])
      expect(flat).toContain(squeeze(header));
    // The names in deadline order, each with its place; phones and numbers read left to right.
    const order = ['done', 'venue', 'gps', 'late'].map((key) => flat.indexOf(squeeze(`${tag} ${key}`)));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(flat).not.toContain(squeeze(`${tag} gone`));
    expect(flat).toContain(squeeze(place.label));
    expect(flat).toContain(squeeze('بجوار المسجد الكبير'));
    expect(flat).toContain(squeeze('سالم المتطوع'));
    expect(text).toContain('0551234567');
    expect(text).toContain(`#${ids.late}`);
    expect(text).toContain('01:30'); // 23:30 + 2 h
    // A deadline after midnight says so (the words may wrap in the narrow column).
    expect(flat).toContain(squeeze('بعد منتصف'));
    // Brackets are drawn facing the right way but extracted mirrored: the label is checked word by word.
    for (const word of food.split(/[\s()]+/).filter(Boolean)) expect(flat).toContain(word);

    const empty = await t.http.get('/api/admin/pickups/run-sheet?date=2026-10-30').set(auth).buffer(true).parse(binary).expect(200);
    expect(squeeze(pdfText(empty.body as Buffer))).toContain(squeeze('لا توجد استلامات في هذا اليوم'));
  });

  it('draws a run sheet of 60 pickups (measured, printed) across pages with every row', async () => {
    const date = '2026-10-20';
    for (let i = 0; i < 60; i += 1)
      await seed(`many${i}`, {
        date,
        end: `${String(10 + Math.floor(i / 6)).padStart(2, '0')}:${String((i % 6) * 10).padStart(2, '0')}`,
        landmarks: 'خلف محطة الوقود على الطريق الساحلي بجوار الحديقة العامة',
      });
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const res = await t.http.get(`/api/admin/pickups/run-sheet?date=${date}`).set(auth).buffer(true).parse(binary).expect(200);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const used = process.cpuUsage(cpu);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: res.body as Buffer }).toString())?.[1]);
    console.info(
      `run sheet of 60 pickups: ${pages} pages, ${(res.body as Buffer).length} bytes, ${ms.toFixed(0)} ms for the whole call, ${((used.user + used.system) / 1000).toFixed(0)} ms of CPU`,
    );
    expect(pages).toBeGreaterThan(1);
    const flat = squeeze(pdfText(res.body as Buffer));
    for (let i = 0; i < 60; i += 1) expect(flat).toContain(squeeze(`${tag} many${i}`));
  });

  it("opens the dashboard on the day: today's and tomorrow's pickups with their place, the counters, the week's and month's completed figures", async () => {
    const before = (await t.http.get('/api/admin/pickups/day').set(auth).expect(200)).body as DaySummary;
    expect(before.today).toBe(TODAY);
    expect(before.tomorrow).toBe(TOMORROW);
    // Saturday 10 October to Friday 16 October; the month of October.
    expect(before.week).toMatchObject({ from: '2026-10-10', to: '2026-10-16' });
    expect(before.month).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    // This week: one weighed (40 kg, seeded above) and one estimated; last month's does not count.
    await seed('week-estimated', { date: '2026-10-11', status: 'completed', attendees: 200 });
    await seed('month-only', { date: '2026-10-02', status: 'completed', weighed: 100 });
    await seed('september', { date: '2026-09-30', status: 'completed', weighed: 500 });
    const after = (await t.http.get('/api/admin/pickups/day').set(auth).expect(200)).body as DaySummary;
    // 200 attendees × 0.5 kg (the default formula) = 100 kg.
    expect(after.week.completed - before.week.completed).toBe(1);
    expect(after.week.kg - before.week.kg).toBeCloseTo(100);
    expect(after.month.completed - before.month.completed).toBe(2);
    expect(after.month.kg - before.month.kg).toBeCloseTo(200);
    // Families = kg ÷ 0.42 ÷ 5, rounded down.
    expect(after.month.families).toBe(Math.floor(after.month.kg / 0.42 / 5 + 1e-9));

    const mine = after.pickups.today.filter((p) => p.organizerName.startsWith(tag)).map((p) => p.organizerName.slice(tag.length + 1));
    expect(mine).toEqual(['done', 'venue', 'gps', 'late']);
    expect(after.pickups.today.find((p) => p.id === ids.venue)?.place).toBe(place.label);
    expect(after.pickups.tomorrow.find((p) => p.id === ids.tomorrow)?.place).toBe('قاعة كتبها المضيف، ينبع');
    expect(after.counts.all).toBe(
      Object.entries(after.counts)
        .filter(([k]) => k !== 'all')
        .reduce((s, [, n]) => s + n, 0),
    );
    expect(after.capacity).toBeNull();
  });
});
