import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { StatisticsService } from '../../src/modules/reports/statistics/statistics.service';
import { EVENT_TYPE_LABELS } from '../../src/shared/labels';
import type { StatisticsReport } from '../../src/shared/statistics';
import { signInAdmin } from '../support/admin-session';
import { ownDatabase } from '../support/own-database';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const ARABIC = /[\u0600-\u06FF]/;
// The session helper binds the session to this user agent.
const UA = 'jest';

/**
 * Fixtures in June/July 2025 (no other test writes requests dated then). Riyadh is UTC+3, so
 * 20:59:59Z is 23:59:59 in Riyadh and 21:00Z is the next Riyadh day.
 */
const FIXTURES = [
  // June 2025 (Riyadh)
  { at: '2025-06-30T20:59:59Z', status: 'completed', type: 'wedding', attendees: 100, weighed: null }, // last second of 30 June
  { at: '2025-06-01T00:00:00Z', status: 'completed', type: 'graduation', attendees: 40, weighed: 12.5 },
  { at: '2025-06-15T09:00:00Z', status: 'cancelled', type: 'wedding', attendees: 60, weighed: null },
  { at: '2025-06-20T09:00:00Z', status: 'received', type: 'conference', attendees: 80, weighed: null },
  // 1 July 2025 (Riyadh), i.e. still 30 June in UTC
  { at: '2025-06-30T21:00:00Z', status: 'completed', type: 'wedding', attendees: 200, weighed: null },
  { at: '2025-06-30T21:30:00Z', status: 'confirmed', type: 'wedding', attendees: 10, weighed: null },
  // 31 May 2025 23:59 Riyadh: not June
  { at: '2025-05-31T20:59:00Z', status: 'completed', type: 'wedding', attendees: 1000, weighed: null },
];

describe('statistics, export, activity log, homepage figures and food calculation', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: Record<string, string>;
  let adminId: number;
  // A database of its own: the food calculation it changes moves every figure other files compute
  // (the home's, the certificates', the impact reports'), and the all-time counts here are whole.
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    own = await ownDatabase('statistics');
    env = { DATABASE_URL: own.url, REDIS_PREFIX: `${testState().redisPrefix}:statistics` };
    t = await createTestApp({ env });
    db = t.app.get(DataSource);
    const session = await signInAdmin(t.app, 'statistics-admin');
    auth = { Authorization: `Bearer ${session.token}`, 'User-Agent': UA };
    adminId = session.userId;
    for (const [i, f] of FIXTURES.entries()) {
      await db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone,
           food_types, status, weighed_kg, created_at)
         VALUES ($1, $2, '2025-07-10', '22:00', 'ينبع', 'custom', $3, $4, '{}', $5, $6, $7)`,
        [f.type, f.attendees, `منظم الإحصاء ${i + 1}`, `05590000${String(i).padStart(2, '0')}`, f.status, f.weighed, f.at],
      );
    }
  });
  afterAll(async () => {
    await t.close();
    await own.drop();
  });

  const generate = (body: object) => t.http.post('/api/statistics/generate').set(auth).send(body);

  it('needs an administrator session for every statistics, report and log call', async () => {
    await t.http.get('/api/statistics?period=all_time').expect(401);
    await t.http.post('/api/statistics/generate').send({ period: 'all_time' }).expect(401);
    await t.http.post('/api/statistics/export-ticket').expect(401);
    await t.http.get('/api/activity-logs').expect(401);
    await t.http.get('/api/admin/homepage-statistics').expect(401);
    await t.http.post('/api/admin/homepage-statistics').send({ totalRequests: 1 }).expect(401);
    await t.http.get('/api/admin/food-calculation-settings').expect(401);
    await t.http.put('/api/admin/food-calculation-settings').send({ calculationMethod: 'manual', manualAmount: 3 }).expect(401);
  });

  it('computes a Riyadh month: statuses, success rate, kilograms (weighed apart from the estimate) and event types', async () => {
    const res = await generate({ period: 'monthly', year: 2025, month: 6 }).expect(200);
    const june = res.body as StatisticsReport;
    expect(june).toMatchObject({
      period: 'monthly',
      date: '2025-06-01',
      endDate: '2025-07-01',
      totalRequests: 4,
      statusCounts: { received: 1, reviewing: 0, confirmed: 0, completed: 2, cancelled: 1 },
      // completed / (all − active) = 2 / 3
      successRate: 66.7,
      // 100 × 0.5 = 50 estimated, 12.5 weighed; meals 62.5 / 0.42 = 148.8; families 29.76 → 29; CO2e 62.5 × 2.5
      food: { totalKg: 62.5, estimatedKg: 50, weighedKg: 12.5, weighedRequests: 1, meals: 148, familiesBenefited: 29, co2eKg: 156.25 },
    });
    expect(june.eventTypes).toEqual([
      { value: 'wedding', label: 'حفل زواج', count: 2, percentage: 50 },
      { value: 'graduation', label: 'حفل تخرج', count: 1, percentage: 25 },
      { value: 'conference', label: 'مؤتمر', count: 1, percentage: 25 },
    ]);
  });

  it('puts a request in the Riyadh day it arrived on, across midnight and the month boundary', async () => {
    const lastJune = (await generate({ period: 'daily', date: '2025-06-30' }).expect(200)).body as StatisticsReport;
    expect(lastJune).toMatchObject({ totalRequests: 1, statusCounts: { completed: 1 }, successRate: 100, food: { totalKg: 50 } });
    const firstJuly = (await generate({ period: 'daily', date: '2025-07-01' }).expect(200)).body as StatisticsReport;
    expect(firstJuly).toMatchObject({
      totalRequests: 2,
      statusCounts: { completed: 1, confirmed: 1 },
      successRate: 100,
      food: { totalKg: 100 },
    });
    const july = (await generate({ period: 'monthly', year: 2025, month: 7 }).expect(200)).body as StatisticsReport;
    expect(july.totalRequests).toBe(2);
    const may = (await generate({ period: 'monthly', year: 2025, month: 5 }).expect(200)).body as StatisticsReport;
    expect(may).toMatchObject({ totalRequests: 1, food: { totalKg: 500 } });
    const empty = (await generate({ period: 'daily', date: '2025-06-02' }).expect(200)).body as StatisticsReport;
    expect(empty).toMatchObject({ totalRequests: 0, successRate: 0, eventTypes: [], food: { totalKg: 0, familiesBenefited: 0 } });
  });

  it('all time agrees with the table', async () => {
    const all = (await generate({ period: 'all_time' }).expect(200)).body as StatisticsReport;
    const [row] = await db.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'completed')::int AS done FROM requests`);
    expect(all.totalRequests).toBe(row.n);
    expect(all.statusCounts.completed).toBe(row.done);
    expect(all.date).toBeNull();
  });

  it('stores each period under the metric names of the spec, with its own event-type metric', async () => {
    await generate({ period: 'daily', date: '2025-06-30' }).expect(200);
    await generate({ period: 'monthly', year: 2025, month: 6 }).expect(200);
    await generate({ period: 'all_time' }).expect(200);
    const stored: { period: string; metrics: string[] }[] = await db.query(
      `SELECT period, array_agg(metric ORDER BY metric) AS metrics FROM statistics
        WHERE metric <> 'nightly_run' AND ((period = 'daily' AND date = '2025-06-30') OR (period = 'monthly' AND date = '2025-06-01')
          OR period = 'all_time')
        GROUP BY period ORDER BY period`,
    );
    // admin-side.md §3 names total_food_saved_kg, success_rate and one event-type metric per period;
    // status_counts and total_requests are the app's own (the counters and the total on the page).
    expect(stored).toEqual([
      { period: 'all_time', metrics: ['status_counts', 'success_rate', 'total_event_types', 'total_food_saved_kg', 'total_requests'] },
      { period: 'daily', metrics: ['daily_event_types', 'status_counts', 'success_rate', 'total_food_saved_kg', 'total_requests'] },
      { period: 'monthly', metrics: ['monthly_event_types', 'status_counts', 'success_rate', 'total_food_saved_kg', 'total_requests'] },
    ]);
  });

  it('answers GET from the stored figures until they are generated again', async () => {
    const stored = (await t.http.get('/api/statistics?period=monthly&year=2025&month=6').set(auth).expect(200)).body as StatisticsReport;
    expect(stored.totalRequests).toBe(4);
    await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, food_types, status, created_at)
       VALUES ('birthday', 30, '2025-07-10', '22:00', 'ينبع', 'custom', 'منظم متأخر', '0559000099', '{}', 'reviewing', '2025-06-10T10:00:00Z')`,
    );
    const again = (await t.http.get('/api/statistics?period=monthly&year=2025&month=6').set(auth).expect(200)).body as StatisticsReport;
    expect(again.totalRequests).toBe(4);
    expect(again.generatedAt).toBe(stored.generatedAt);
    const fresh = (await generate({ period: 'monthly', year: 2025, month: 6 }).expect(200)).body as StatisticsReport;
    expect(fresh.totalRequests).toBe(5);
    expect(fresh.statusCounts.reviewing).toBe(1);
    // Still 2 / 3: the reviewing request is active and does not count against the rate.
    expect(fresh.successRate).toBe(66.7);
    expect(fresh.eventTypes.find((e) => e.value === 'birthday')).toEqual({
      value: 'birthday',
      label: EVENT_TYPE_LABELS.birthday,
      count: 1,
      percentage: 20,
    });
  });

  it('refuses a bad period with an Arabic message naming the field', async () => {
    const cases: [object, string][] = [
      [{ period: 'weekly' }, 'period'],
      [{ period: 'daily', date: '2025-02-30' }, 'date'],
      [{ period: 'daily', date: "2025-01-01'; DROP TABLE requests;--" }, 'date'],
      [{ period: 'daily', date: '2999-01-01' }, 'date'],
      [{ period: 'monthly', year: 2025, month: 13 }, 'month'],
      [{ period: 'monthly', year: 1e30, month: 1 }, 'year'],
      [{ period: 'monthly', year: 2099, month: 1 }, 'month'],
    ];
    for (const [body, field] of cases) {
      const res = await generate(body).expect(400);
      expect(res.body.errors[field]).toMatch(ARABIC);
    }
    const res = await t.http.get('/api/statistics?period=daily&date=%00').set(auth).expect(400);
    expect(res.body.errors.date).toMatch(ARABIC);
  });

  describe('Excel export', () => {
    const ticket = async () => (await t.http.post('/api/statistics/export-ticket').set(auth).expect(200)).body.ticket as string;

    it('streams a right-to-left workbook for a one-time ticket: summary, statuses, event types and the requests with Hijri dates', async () => {
      const res = await t.http
        .get(`/api/statistics/export?auth=${await ticket()}&download=1&period=monthly&year=2025&month=6`)
        .set('User-Agent', UA)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toContain('attachment; filename=');
      expect(decodeURIComponent(res.headers['content-disposition'].split("UTF-8''")[1])).toBe('إحصائيات-شهرية-2025-06.xlsx');

      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.body as unknown as ArrayBuffer);
      expect(book.worksheets.map((w) => w.name)).toEqual(['الملخص', 'حسب الحالة', 'حسب نوع المناسبة', 'الطلبات']);
      for (const sheet of book.worksheets) expect(sheet.views[0]).toMatchObject({ rightToLeft: true });

      const summary = book.getWorksheet('الملخص')!;
      const value = (label: string) =>
        (summary.getSheetValues().find((r) => Array.isArray(r) && r[1] === label) as unknown[] | undefined)?.[2];
      expect(value('إجمالي الطلبات')).toBe(5);
      expect(value('نسبة النجاح (%)')).toBe(66.7);
      expect(value('الطعام المحفوظ (كجم)')).toBe(62.5);
      expect(value('منه موزون (كجم)')).toBe(12.5);

      const statuses = book.getWorksheet('حسب الحالة')!;
      expect(statuses.getRow(1).values).toEqual([undefined, 'الحالة', 'عدد الطلبات', 'النسبة (%)']);
      expect(statuses.getRow(5).values).toEqual([undefined, 'مكتمل', 2, 40]);

      const list = book.getWorksheet('الطلبات')!;
      expect(list.rowCount).toBe(6);
      const first = list.getRow(2);
      // Oldest first: 1 June 03:00 Riyadh, shown as Riyadh wall time.
      expect(first.getCell(2).value).toEqual(new Date('2025-06-01T03:00:00Z'));
      expect(first.getCell(3).value).toMatch(/هـ$/);
      expect(first.getCell(4).value).toBe('منظم الإحصاء 2');
      expect(first.getCell(10).value).toBe('مكتمل');
      expect(first.getCell(14).value).toBe(12.5);
      const last = list.getRow(6);
      expect(last.getCell(4).value).toBe('منظم الإحصاء 1');
      expect(last.getCell(13).value).toBe(50);
    });

    it('refuses a used, forged or missing ticket, and never a session token in the URL', async () => {
      const once = await ticket();
      await t.http.get(`/api/statistics/export?auth=${once}&download=1&period=all_time`).set('User-Agent', UA).expect(200);
      const again = await t.http.get(`/api/statistics/export?auth=${once}&download=1&period=all_time`).expect(403);
      expect(again.body.message).toMatch(ARABIC);
      await t.http.get(`/api/statistics/export?auth=${auth.Authorization.slice(7)}&download=1`).expect(403);
      await t.http.get('/api/statistics/export?download=1').expect(403);
      await t.http.get('/api/statistics/export?auth[]=x').expect(403);
    });

    it('keeps a ticket for 60 seconds at most, and only its hash', async () => {
      const fresh = await ticket();
      const redis = (await import('../../src/common/redis/redis.module')).REDIS;
      const client = t.app.get(redis);
      const keys = await client.keys(`${t.config.redisPrefix}:export-ticket:*`);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.some((k: string) => k.includes(fresh))).toBe(false);
      const ttls = await Promise.all(keys.map((k: string) => client.ttl(k.slice(t.config.redisPrefix.length + 1))));
      for (const ttl of ttls) expect(ttl).toBeLessThanOrEqual(60);
    });
  });

  it('lists the activity log newest first with who, from where and with what browser', async () => {
    const res = await t.http.get('/api/activity-logs?range=[0,9]').set(auth).expect(200);
    expect(res.headers['content-range']).toMatch(/^items 0-\d+\/\d+$/);
    const exported = (res.body as { action: string }[]).find((row) => row.action === 'statistics_exported') as Record<string, unknown>;
    expect(exported).toMatchObject({ actionLabel: 'تصدير الإحصائيات', userId: adminId, username: 'statistics-admin', userAgent: UA });
    expect(exported.ipAddress).toMatch(/127\.0\.0\.1/);
    const times = (res.body as { createdAt: string }[]).map((r) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const filtered = await t.http
      .get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ action: 'statistics_exported' }))}`)
      .set(auth)
      .expect(200);
    expect((filtered.body as { action: string }[]).every((r) => r.action === 'statistics_exported')).toBe(true);
    expect((await t.http.get('/api/activity-logs?sort=["ipAddress","ASC"]').set(auth).expect(400)).body.errors.sort).toMatch(ARABIC);
    await t.http
      .get(`/api/activity-logs?filter=${encodeURIComponent(JSON.stringify({ userId: '99999999999999999999' }))}`)
      .set(auth)
      .expect(200);
  });

  it('shows the last 50 activities: the list stops at 50, newest first', async () => {
    // 60 entries a minute apart, long before this run's own entries (an entity type of their own).
    await db.query(
      `INSERT INTO activity_logs (action, entity_type, entity_id, user_id, created_at)
       SELECT 'status_changed', 'limit_check', g::text, $1, timestamptz '2025-01-01T00:00:00Z' + g * interval '1 minute'
         FROM generate_series(1, 60) g`,
      [adminId],
    );
    const filter = encodeURIComponent(JSON.stringify({ entityType: 'limit_check' }));
    const newest60to11 = Array.from({ length: 50 }, (_, i) => String(60 - i));
    // Without a range, and with the statistics page's range=[0,49].
    for (const range of ['', '&range=[0,49]']) {
      const res = await t.http.get(`/api/activity-logs?filter=${filter}${range}`).set(auth).expect(200);
      expect(res.headers['content-range']).toBe('items 0-49/60');
      expect((res.body as { entityId: string }[]).map((r) => r.entityId)).toEqual(newest60to11);
    }
  });

  describe('food calculation', () => {
    it('reads the defaults and answers a refused amount in the envelope, naming the field', async () => {
      // Which amounts are refused is food-calculation.service.spec's; here the call's shape.
      const res = await t.http.get('/api/admin/food-calculation-settings').set(auth).expect(200);
      expect(res.body).toMatchObject({ calculationMethod: 'formula', formulaMultiplier: 0.5, description: 'حساب كمية الطعام المحفوظ' });
      const bad = await t.http
        .put('/api/admin/food-calculation-settings')
        .set(auth)
        .send({ calculationMethod: 'manual', manualAmount: 0 })
        .expect(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { manualAmount: expect.stringMatching(ARABIC) } });
    });

    it('a change moves every figure: stored statistics are recomputed and the homepage follows', async () => {
      const homeBefore = (await t.http.get('/api/homepage-statistics').expect(200)).body;
      await t.http
        .put('/api/admin/food-calculation-settings')
        .set(auth)
        .send({ calculationMethod: 'manual', manualAmount: 30, description: 'وزن ثابت' })
        .expect(200);
      try {
        const settings = (await t.http.get('/api/admin/food-calculation-settings').set(auth).expect(200)).body;
        expect(settings).toMatchObject({
          calculationMethod: 'manual',
          manualAmount: 30,
          formulaMultiplier: 0.5,
          description: 'وزن ثابت',
          updatedBy: 'statistics-admin',
        });
        // June: one completed estimate (now 30 kg) + 12.5 weighed.
        const june = (await t.http.get('/api/statistics?period=monthly&year=2025&month=6').set(auth).expect(200)).body as StatisticsReport;
        expect(june.food).toMatchObject({ totalKg: 42.5, estimatedKg: 30, weighedKg: 12.5 });
        const homeAfter = (await t.http.get('/api/homepage-statistics').expect(200)).body;
        expect(homeAfter.estimatedFoodKg).not.toBe(homeBefore.estimatedFoodKg);
        // The home's note follows: 30 kg a collection, not 0.5 kg a person.
        expect(homeBefore.basis).toMatchObject({ source: 'computed', method: 'formula', multiplier: 0.5 });
        expect(homeAfter.basis).toEqual({ source: 'computed', method: 'manual', multiplier: 0.5, manualAmount: 30 });
        const [rows] = await db.query(`SELECT count(*)::int AS n FROM food_calculation_settings WHERE is_active`);
        expect(rows.n).toBe(1);
      } finally {
        await t.http
          .put('/api/admin/food-calculation-settings')
          .set(auth)
          .send({ calculationMethod: 'formula', formulaMultiplier: 0.5, description: '' })
          .expect(200);
      }
    });
  });
  // Last in the file: a second app in this process replaces the first one's passport strategy (passport
  // is process-wide), so the first app's sessions stop validating once the second has closed.
  it('generates last night once even when two workers run the schedule together', async () => {
    const other = await createTestApp({ env });
    try {
      // 00:10 on 1 July 2025 in Riyadh: the night of 30 June, which also crossed into a new month.
      const now = new Date('2025-06-30T21:10:00Z');
      const outcomes = await Promise.all([t.app.get(StatisticsService).runNightly(now), other.app.get(StatisticsService).runNightly(now)]);
      expect(outcomes.sort()).toEqual([false, true]);
      const [runs] = await db.query(`SELECT count(*)::int AS n FROM statistics WHERE metric = 'nightly_run' AND date = '2025-06-30'`);
      expect(runs.n).toBe(1);
      const [dayRows] = await db.query(
        `SELECT count(*)::int AS n FROM statistics WHERE period = 'daily' AND date = '2025-06-30' AND metric <> 'nightly_run'`,
      );
      expect(dayRows.n).toBe(5);
      const periods = await db.query(
        `SELECT DISTINCT period, to_char(date, 'YYYY-MM-DD') AS date FROM statistics WHERE metric = 'status_counts' ORDER BY 1, 2`,
      );
      expect(periods).toEqual(
        expect.arrayContaining([
          { period: 'daily', date: '2025-06-30' },
          { period: 'monthly', date: '2025-06-01' },
          { period: 'monthly', date: '2025-07-01' },
          { period: 'all_time', date: null },
        ]),
      );
      // A later run the same night (a restarted worker) does nothing.
      expect(await other.app.get(StatisticsService).runNightly(new Date('2025-06-30T23:00:00Z'))).toBe(false);
    } finally {
      await other.close();
    }
  });
});
