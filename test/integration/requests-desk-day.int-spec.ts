import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import type { AdminRequestRow } from '../../src/shared/api/requests';
import { formatHijriAr } from '../../src/shared/arabic-date';
import { EVENT_TYPE_LABELS } from '../../src/shared/labels';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';

// The desk as the dispatcher's daily tool: filters by event date, area, important place and event type;
// the volunteer; the weighed kilograms' shared rule; the filtered list as an Excel sheet.

const ARABIC = /[\u0600-\u06FF]/;
const clock = new FakeClock(new Date('2026-04-01T09:00:00.000Z'));
const TAG = `يوم${Date.now().toString(36)}`;

interface Seed {
  name: string;
  phone: string;
  eventType?: string;
  eventDate: string;
  endTime?: string;
  area?: string;
  place?: { value: string; label: string };
  status?: string;
}

describe('the desk as the day’s tool: filters, volunteer, export', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };
  let areas: { value: string; name: string }[];
  let district: { value: string; name: string };
  let place: { value: string; label: string };
  const ids: Record<string, number> = {};

  async function seed(key: string, r: Seed): Promise<number> {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, area, district,
         important_place, landmarks, organizer_name, organizer_phone, food_types, status)
       VALUES ($1, 80, $2, $3, $4, $5, $6, $7, $8, 'بجوار المسجد', $9, $10, '{rice_meat}', $11) RETURNING id`,
      [
        r.eventType ?? 'wedding',
        r.eventDate,
        r.endTime ?? '22:00',
        r.place ? r.place.label : `مبنى 7، حي ${district.name}، ينبع`,
        r.place ? 'important_place' : 'custom',
        r.area ?? areas[0].value,
        r.place ? null : district.value,
        r.place?.value ?? null,
        r.name,
        r.phone,
        r.status ?? 'received',
      ],
    );
    ids[key] = row.id;
    return row.id;
  }

  const list = async (filter: Record<string, unknown>, sort = '["id","ASC"]') => {
    const res = await t.http
      .get('/api/requests')
      .query({ sort, filter: JSON.stringify({ q: TAG, ...filter }) })
      .set(auth)
      .expect(200);
    return { rows: res.body as AdminRequestRow[], range: res.headers['content-range'] as string };
  };
  const keysOf = (rows: AdminRequestRow[]) => rows.map((r) => Object.entries(ids).find(([, id]) => id === r.id)?.[0]);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    db = t.app.get(DataSource);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'dispatcher')).token}` };
    areas = await db.query(`SELECT value, name FROM simple_areas ORDER BY id LIMIT 2`);
    [district] = await db.query(`SELECT value, name FROM simple_districts WHERE area_value = $1 ORDER BY id LIMIT 1`, [areas[0].value]);
    [place] = await db.query(`SELECT value, label FROM dropdown_options WHERE type = 'importantPlace' AND is_active ORDER BY id LIMIT 1`);
    await seed('hall', {
      name: `${TAG} قاعة`,
      phone: '0552220001',
      eventDate: '2026-04-02',
      endTime: '23:00',
      place,
      area: areas[0].value,
    });
    await seed('home', { name: `${TAG} بيت`, phone: '0552220002', eventDate: '2026-04-03', area: areas[0].value });
    await seed('graduation', {
      name: `${TAG} تخرج`,
      phone: '0552220003',
      eventType: 'graduation',
      eventDate: '2026-04-03',
      area: areas[1].value,
    });
    await seed('later', { name: `${TAG} لاحق`, phone: '0552220004', eventDate: '2026-04-20', area: areas[1].value, status: 'confirmed' });
  });
  afterAll(() => t.close());

  it('filters by an event date range, area, important place and event type, with the right total', async () => {
    const range = await list({ eventDateFrom: '2026-04-02', eventDateTo: '2026-04-03' });
    expect(keysOf(range.rows)).toEqual(['hall', 'home', 'graduation']);
    expect(range.range).toBe('items 0-2/3');
    expect(keysOf((await list({ eventDateFrom: '2026-04-03' })).rows)).toEqual(['home', 'graduation', 'later']);
    expect(keysOf((await list({ eventDateTo: '2026-04-02' })).rows)).toEqual(['hall']);
    expect(keysOf((await list({ area: areas[1].value })).rows)).toEqual(['graduation', 'later']);
    expect(keysOf((await list({ importantPlace: place.value })).rows)).toEqual(['hall']);
    expect(keysOf((await list({ eventType: 'graduation' })).rows)).toEqual(['graduation']);
    // Together with a status tab and with each other.
    const combined = await list({ area: areas[1].value, status: 'confirmed', eventDateFrom: '2026-04-01' });
    expect([keysOf(combined.rows), combined.range]).toEqual([['later'], 'items 0-0/1']);
    // A cleared box (empty value) narrows nothing.
    expect((await list({ area: '', eventType: null })).rows).toHaveLength(4);
  });

  it('gives the place label (or the district) every row needs for its location', async () => {
    const { rows } = await list({});
    const hall = rows.find((r) => r.id === ids.hall)!;
    expect([hall.locationType, hall.importantPlaceLabel]).toEqual(['important_place', place.label]);
    const home = rows.find((r) => r.id === ids.home)!;
    expect([home.districtName, home.fullAddress]).toEqual([district.name, `مبنى 7، حي ${district.name}، ينبع`]);
  });

  it.each([
    [{ eventDateFrom: '2026-02-30' }, 'eventDateFrom'],
    [{ eventDateTo: 'غداً' }, 'eventDateTo'],
    [{ eventDateFrom: '0000-01-01' }, 'eventDateFrom'],
    [{ eventDateFrom: '2026-04-10', eventDateTo: '2026-04-01' }, 'eventDateTo'],
    [{ area: 5 }, 'area'],
    [{ importantPlace: '   ' }, 'importantPlace'],
    [{ eventType: true }, 'eventType'],
    [{ district: 'x' }, 'filter'],
  ])('answers 400 in Arabic naming the field for the filter %j', async (filter, field) => {
    const res = await t.http
      .get('/api/requests')
      .query({ filter: JSON.stringify(filter) })
      .set(auth)
      .expect(400);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.message).toMatch(ARABIC);
  });

  /** A volunteer of the resource «المتطوعون» (active unless told). */
  async function volunteer(name: string, whatsapp: string, active = true): Promise<number> {
    const [row] = await db.query(`INSERT INTO volunteers (name, whatsapp, active) VALUES ($1, $2, $3) RETURNING id`, [
      name,
      whatsapp,
      active,
    ]);
    return row.id;
  }

  it('assigns, changes and clears the volunteer, shown with their number and logged', async () => {
    const id = ids.home;
    const saeed = await volunteer('سعيد الجهني', '+966559876543');
    const majed = await volunteer('ماجد', '+966559876544');
    const set = await t.http.patch(`/api/requests/${id}`).set(auth).send({ volunteerId: saeed }).expect(200);
    expect(set.body).toMatchObject({ id, volunteerId: saeed, volunteerName: 'سعيد الجهني', volunteerPhone: '0559876543' });
    expect((await t.http.get(`/api/requests/${id}`).set(auth).expect(200)).body).toMatchObject({ volunteerName: 'سعيد الجهني' });
    await t.http.patch(`/api/requests/${id}`).set(auth).send({ volunteerId: majed }).expect(200);
    // The same volunteer again changes and logs nothing.
    await t.http.patch(`/api/requests/${id}`).set(auth).send({ volunteerId: majed }).expect(200);
    const cleared = await t.http.patch(`/api/requests/${id}`).set(auth).send({ volunteerId: null }).expect(200);
    expect([cleared.body.volunteerId, cleared.body.volunteerName, cleared.body.volunteerPhone]).toEqual([null, null, null]);
    const logs = await db.query(
      `SELECT metadata FROM activity_logs WHERE action = 'request_assignee_changed' AND entity_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(logs.map((l: { metadata: Record<string, unknown> }) => [l.metadata.from, l.metadata.to, l.metadata.by])).toEqual([
      [null, 'سعيد الجهني', 'dispatcher'],
      ['سعيد الجهني', 'ماجد', 'dispatcher'],
      ['ماجد', null, 'dispatcher'],
    ]);
  });

  it('refuses an unknown or inactive volunteer and a bad id in Arabic, naming the field, and an unknown request with 404', async () => {
    const paused = await volunteer('موقوف', '+966559876545', false);
    for (const volunteerId of [paused, 2_000_000_000]) {
      const res = await t.http.patch(`/api/requests/${ids.home}`).set(auth).send({ volunteerId }).expect(400);
      expect(res.body.errors).toEqual({ volunteerId: 'المتطوع غير موجود أو موقوف: اختر متطوعاً نشطاً' });
    }
    for (const volunteerId of ['5', 0, 1.5, 3_000_000_000]) {
      const res = await t.http.patch(`/api/requests/${ids.home}`).set(auth).send({ volunteerId }).expect(400);
      expect(res.body.errors.volunteerId).toMatch(ARABIC);
    }
    const missing = await t.http.patch(`/api/requests/${ids.home}`).set(auth).send({}).expect(400);
    expect(missing.body.errors.volunteerId).toMatch(ARABIC);
    const extra = await t.http.patch(`/api/requests/${ids.home}`).set(auth).send({ volunteerId: null, status: 'completed' }).expect(400);
    expect(extra.body.errors.status).toMatch(ARABIC);
    expect((await db.query(`SELECT volunteer_id FROM requests WHERE id = $1`, [ids.home]))[0].volunteer_id).toBeNull();
    await t.http.patch('/api/requests/2000000000').set(auth).send({ volunteerId: null }).expect(404);
    await t.http.patch(`/api/requests/${ids.home}`).send({ volunteerId: null }).expect(401);
  });

  it('checks the weighed kilograms with the shared rule and its words', async () => {
    const id = ids.graduation;
    const decimals = await t.http.patch(`/api/requests/${id}/status`).set(auth).send({ status: 'completed', weighedKg: 1.234 }).expect(400);
    expect(decimals.body.errors.weighedKg).toBe('الوزن الفعلي يجب أن يكون رقماً بخانتين عشريتين على الأكثر');
    const big = await t.http.patch(`/api/requests/${id}/status`).set(auth).send({ status: 'completed', weighedKg: 100_000.5 }).expect(400);
    expect(big.body.errors.weighedKg).toBe('الوزن الفعلي يجب ألا يتجاوز 100000 كجم');
    const text = await t.http.patch(`/api/requests/${id}/status`).set(auth).send({ status: 'completed', weighedKg: '12' }).expect(400);
    expect(text.body.errors.weighedKg).toMatch(ARABIC);
    expect((await db.query(`SELECT status FROM requests WHERE id = $1`, [id]))[0].status).toBe('received');
  });

  describe('Excel export of the filtered list', () => {
    const ticket = async (path = '/api/requests/export-ticket') => (await t.http.post(path).set(auth).expect(200)).body.ticket as string;
    const download = (query: Record<string, string>) =>
      t.http
        .get('/api/requests/export')
        .query(query)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });

    it('streams the filtered list in the desk’s order as a right-to-left sheet people can read', async () => {
      const driver = await volunteer('خالد السائق', '+966553334444');
      await t.http.patch(`/api/requests/${ids.hall}`).set(auth).send({ volunteerId: driver }).expect(200);
      await t.http.post(`/api/requests/${ids.hall}/notes`).set(auth).send({ text: 'البوابة الخلفية' }).expect(201);
      await t.http.post(`/api/requests/${ids.hall}/notes`).set(auth).send({ text: 'الاتصال قبل الوصول' }).expect(201);
      const filter = JSON.stringify({ q: TAG, eventDateFrom: '2026-04-02', eventDateTo: '2026-04-03', area: areas[0].value });
      const res = await download({ auth: await ticket(), filter, sort: '["eventDate","DESC"]' }).expect(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(decodeURIComponent(res.headers['content-disposition'].split("UTF-8''")[1])).toBe('طلبات-2026-04-01.xlsx');

      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.body as unknown as ArrayBuffer);
      expect(book.worksheets.map((w) => w.name)).toEqual(['الطلبات']);
      const sheet = book.getWorksheet('الطلبات')!;
      expect(sheet.views[0]).toMatchObject({ rightToLeft: true });
      expect(sheet.getRow(1).values).toEqual([
        undefined,
        'رقم الطلب',
        'الحالة',
        'نوع المناسبة',
        'تاريخ المناسبة',
        'تاريخ المناسبة (هجري)',
        'وقت الانتهاء',
        'آخر موعد للاستلام',
        'الموقع',
        'العنوان',
        'معالم قريبة',
        'اسم المنظم',
        'الجوال',
        'عدد الحضور',
        'أنواع الطعام',
        'المتطوع',
        'جوال المتطوع',
        'عدد الملاحظات الداخلية',
      ]);
      // Only the two requests of the filter, newest event first (the sort the desk showed).
      expect(sheet.rowCount).toBe(3);
      const [food] = await db.query(`SELECT label FROM dropdown_options WHERE type = 'foodType' AND value = 'rice_meat'`);
      const home = sheet.getRow(2).values as unknown[];
      expect(home.slice(1, 4)).toEqual([ids.home, 'تم الاستلام', EVENT_TYPE_LABELS.wedding]);
      expect(home[4]).toEqual(new Date('2026-04-03T00:00:00Z'));
      expect(home[5]).toBe(formatHijriAr('2026-04-03'));
      expect(home.slice(8, 14)).toEqual([
        district.name,
        `مبنى 7، حي ${district.name}، ينبع`,
        'بجوار المسجد',
        `${TAG} بيت`,
        '0552220002',
        80,
      ]);
      expect(home[14]).toBe(food.label);
      const hall = sheet.getRow(3).values as unknown[];
      expect(hall[1]).toBe(ids.hall);
      expect(hall[6]).toBe('23:00');
      // The deadline: 23:00 + 2 h in Riyadh, written as Riyadh wall time.
      expect(hall[7]).toEqual(new Date('2026-04-03T01:00:00Z'));
      expect(hall[8]).toBe(place.label);
      expect(hall.slice(15, 18)).toEqual(['خالد السائق', '0553334444', 2]);

      const [log] = await db.query(`SELECT metadata FROM activity_logs WHERE action = 'requests_exported' ORDER BY id DESC LIMIT 1`);
      expect(log.metadata.filter).toMatchObject({ area: areas[0].value, eventDateFrom: '2026-04-02' });
    });

    it('needs its own one-time ticket: not a used one, not the statistics’, not a session token', async () => {
      const once = await ticket();
      await download({ auth: once }).expect(200);
      expect((await download({ auth: once }).expect(403)).body.toString()).toMatch(ARABIC);
      await download({ auth: await ticket('/api/statistics/export-ticket') }).expect(403);
      await download({ auth: auth.Authorization.slice(7) }).expect(403);
      await download({}).expect(403);
      await t.http.post('/api/requests/export-ticket').expect(401);
    });

    it('answers a bad filter with 400 before using the ticket', async () => {
      const kept = await ticket();
      const bad = await download({ auth: kept, filter: JSON.stringify({ eventDateFrom: 'أمس' }) }).expect(400);
      expect(JSON.parse(bad.body.toString()).errors).toEqual({ eventDateFrom: expect.stringMatching(ARABIC) });
      await download({ auth: kept, filter: JSON.stringify({ q: TAG }) }).expect(200);
    });
  });
});
