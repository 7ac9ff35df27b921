import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { DataSource } from 'typeorm';
import type { ImpactReport, ImpactReportData } from '../../src/shared/api/reports';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const ARABIC = /[\u0600-\u06FF]/;
const NOT_FOUND = 'تقرير غير موجود أو منتهي الصلاحية';
const TITLE = 'تقرير أثر شهر مارس في ينبع';

/** The text of a PDF as pdftotext reads it (logical order), spaces collapsed. */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-q', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[\u200e\u200f\u202a-\u202e]/g, '');
}
const squeeze = (s: string) => s.replace(/\s+/g, '');

const binary = (res: { on: Function }, done: (e: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/**
 * Fixtures in March/April 2024 (Riyadh), a window no other test writes: 31 March 23:59 and 1 April 00:00
 * fall on either side of the report's end.
 */
const FIXTURES = [
  { at: '2024-03-05T10:00:00Z', status: 'completed', type: 'wedding', attendees: 100, weighed: null },
  { at: '2024-03-31T20:59:00Z', status: 'completed', type: 'graduation', attendees: 60, weighed: 20 },
  { at: '2024-03-20T10:00:00Z', status: 'cancelled', type: 'wedding', attendees: 50, weighed: null },
  { at: '2024-02-29T21:00:00Z', status: 'received', type: 'conference', attendees: 40, weighed: null }, // 1 March 00:00 Riyadh
  { at: '2024-03-31T21:00:00Z', status: 'completed', type: 'wedding', attendees: 400, weighed: null }, // 1 April: outside
];

describe('impact reports: snapshot, share link, views, PDF', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };
  let report: ImpactReport;
  let ids: number[];

  beforeAll(async () => {
    // Its own Redis key space: the per-address download limit and view marks of other files stay apart.
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:impact-reports` } });
    db = t.app.get(DataSource);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'impact-admin')).token}` };
    ids = [];
    for (const [i, f] of FIXTURES.entries()) {
      const [row] = await db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone,
           food_types, status, weighed_kg, created_at)
         VALUES ($1, $2, '2024-04-10', '22:00', 'ينبع', 'custom', $3, $4, '{}', $5, $6, $7) RETURNING id`,
        [f.type, f.attendees, `منظم الأثر ${i + 1}`, `05570000${String(i).padStart(2, '0')}`, f.status, f.weighed, f.at],
      );
      ids.push(row.id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs an administrator for every admin call', async () => {
    await t.http.get('/api/admin/impact-reports').expect(401);
    await t.http.post('/api/admin/impact-reports').send({ title: 'x', startDate: '2024-03-01', endDate: '2024-03-31' }).expect(401);
    await t.http.patch('/api/admin/impact-reports/1').send({ isPublic: false }).expect(401);
    await t.http.get('/api/admin/impact-reports/1/download').expect(401);
  });

  it('answers a refused report in the envelope, naming the field in Arabic, and stores nothing', async () => {
    // Which reports are refused is impact-reports.service.spec's; here the call's shape and the table.
    const noTitle = await t.http
      .post('/api/admin/impact-reports')
      .set(auth)
      .send({ title: '  ', startDate: '2024-03-01', endDate: '2024-03-31' })
      .expect(400);
    expect(noTitle.body.errors.title).toBe('يرجى إدخال عنوان التقرير');
    const [count] = await db.query(`SELECT count(*)::int AS n FROM impact_reports WHERE title = '  '`);
    expect(count.n).toBe(0);
  });

  it('creates a public report with a snapshot of its Riyadh days and an unguessable token', async () => {
    const res = await t.http
      .post('/api/admin/impact-reports')
      .set(auth)
      .send({
        title: TITLE,
        description: 'ما حفظناه من طعام المناسبات في شهر مارس',
        periodType: 'monthly',
        startDate: '2024-03-01',
        endDate: '2024-03-31T00:00:00.000Z',
        impactStories: [{ title: 'حفل زواج كبير', description: 'وزعنا الطعام على 20 أسرة', impact: '20 أسرة' }],
      })
      .expect(201);
    report = res.body;
    expect(report).toMatchObject({
      title: TITLE,
      periodType: 'monthly',
      startDate: '2024-03-01',
      endDate: '2024-03-31',
      isPublic: true,
      views: 0,
      createdBy: 'impact-admin',
    });
    expect(report.shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(typeof report.reportData).toBe('string');
    const data = JSON.parse(report.reportData) as ImpactReportData;
    // 4 requests in March (Riyadh); 2 completed: 100 × 0.5 = 50 estimated + 20 weighed = 70 kg.
    expect(data).toMatchObject({
      totalRequests: 4,
      completedRequests: 2,
      totalFoodSaved: 70,
      estimatedFoodKg: 50,
      weighedFoodKg: 20,
      successRate: 66.7,
      // 70 / 0.42 = 166.7 meals → 33 families; CO2e 175
      meals: 166,
      familiesBenefited: 33,
      co2eKg: 175,
      eventTypeBreakdown: { wedding: 2, graduation: 1, conference: 1 },
      monthlyTrends: [{ month: '2024-03', requests: 4, foodSaved: 70 }],
      impactStories: [{ title: 'حفل زواج كبير', description: 'وزعنا الطعام على 20 أسرة', impact: '20 أسرة' }],
      constants: { kgPerMeal: 0.42, mealsPerFamily: 5, co2ePerKg: 2.5 },
    });
    expect(data.eventTypeLabels?.wedding).toMatch(ARABIC);
  });

  it('keeps the snapshot when the requests change later', async () => {
    await db.query(`UPDATE requests SET status = 'completed', weighed_kg = 999 WHERE id = $1`, [ids[2]]);
    const res = await t.http.get(`/api/impact/${report.shareToken}`).expect(200);
    expect(JSON.parse(res.body.reportData).totalFoodSaved).toBe(70);
  });

  it('shows the public only the report: no administrator, id or other account field', async () => {
    const res = await t.http.get(`/api/impact/${report.shareToken}`).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(
      ['createdAt', 'description', 'endDate', 'periodType', 'reportData', 'shareToken', 'startDate', 'title', 'views'].sort(),
    );
    expect(res.body).not.toHaveProperty('createdBy');
    // Nowhere in the answer, the report's data included.
    expect(res.text).not.toContain('impact-admin');
    expect(res.text).not.toMatch(/"(createdBy|updatedBy|userId|username|id)"/);
    // The administrators' list still says who made it.
    const list = await t.http.get('/api/admin/impact-reports').set(auth).expect(200);
    expect(list.body.find((r: ImpactReport) => r.id === report.id)?.createdBy).toBe('impact-admin');
  });

  it('counts opens, never the PDF download', async () => {
    const [before] = await db.query(`SELECT views FROM impact_reports WHERE id = $1`, [report.id]);
    await t.http.get(`/api/impact/${report.shareToken}/download`).expect(200);
    const [after] = await db.query(`SELECT views FROM impact_reports WHERE id = $1`, [report.id]);
    expect(after.views).toBe(before.views);
    expect(before.views).toBeGreaterThan(0);
  });

  it('answers the spec text with 404 for an unknown, malformed or private token, and shows it again when made public', async () => {
    for (const token of ['A'.repeat(32), 'short', '..%2f..%2fetc', `${report.shareToken}x`]) {
      const res = await t.http.get(`/api/impact/${token}`).expect(404);
      expect(res.body.message).toBe(NOT_FOUND);
    }
    const hidden = await t.http.patch(`/api/admin/impact-reports/${report.id}`).set(auth).send({ isPublic: false }).expect(200);
    expect(hidden.body.isPublic).toBe(false);
    expect((await t.http.get(`/api/impact/${report.shareToken}`).expect(404)).body.message).toBe(NOT_FOUND);
    await t.http.get(`/api/impact/${report.shareToken}/download`).expect(404);
    await t.http.get(`/api/impact/${report.shareToken}/og.png`).expect(404);
    // The administrator still downloads it.
    await t.http.get(`/api/admin/impact-reports/${report.id}/download`).set(auth).expect(200);
    await t.http.patch(`/api/admin/impact-reports/${report.id}`).set(auth).send({ isPublic: true }).expect(200);
    await t.http.get(`/api/impact/${report.shareToken}`).expect(200);
    const image = await t.http.get(`/api/impact/${report.shareToken}/og.png`).expect(200);
    expect(image.headers['content-type']).toBe('image/png');
    await t.http.patch(`/api/admin/impact-reports/${report.id}`).set(auth).send({ isPublic: 'yes' }).expect(400);
    await t.http.patch('/api/admin/impact-reports/99999999999').set(auth).send({ isPublic: true }).expect(400);
  });

  it('lists reports newest first on the list convention', async () => {
    const res = await t.http.get('/api/admin/impact-reports?range=[0,9]').set(auth).expect(200);
    expect(res.headers['content-range']).toMatch(/^items 0-\d+\/\d+$/);
    expect(res.body[0]).toMatchObject({ id: report.id, title: TITLE, isPublic: true });
  });

  it('gives the same Arabic PDF to the administrator and to the public link, named from the title, read back in logical order', async () => {
    const admin = await t.http.get(`/api/admin/impact-reports/${report.id}/download`).set(auth).buffer(true).parse(binary).expect(200);
    const shared = await t.http.get(`/api/impact/${report.shareToken}/download`).buffer(true).parse(binary).expect(200);
    expect(admin.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(admin.headers['content-disposition'].split("UTF-8''")[1])).toBe(`${TITLE}.pdf`);
    const text = pdfText(admin.body as Buffer);
    expect(pdfText(shared.body as Buffer)).toBe(text);
    const flat = squeeze(text);
    expect(flat).toContain(squeeze(TITLE));
    // Searchable as written: the bold title's words whole («تقرير», not «تقر ير»), spaces where they are.
    expect(text).toContain(TITLE);
    for (const phrase of ['الطلبات المكتملة', 'الأسر المستفيدة', 'الطعام المحفوظ', 'نسبة النجاح', 'حفل زواج كبير', 'شهر مارس'])
      expect(flat).toContain(squeeze(phrase));
    // Figures in their cells, digits in order: 70 kg, 66.7 %, 166 meals, 175 kg CO2e, Hijri dates.
    for (const figure of ['70', '66.7%', '166', '175', '1445']) expect(text).toContain(figure);
    expect(text).not.toContain('07');
  });

  // Last in the file: these reports would otherwise be the newest in the list test above.
  it('creates weekly, quarterly and custom reports besides monthly and annual, and keeps each period type', async () => {
    const created: ImpactReport[] = [];
    try {
      for (const periodType of ['weekly', 'quarterly', 'custom']) {
        const res = await t.http
          .post('/api/admin/impact-reports')
          .set(auth)
          .send({ title: `تقرير أثر دوري ${periodType}`, periodType, startDate: '2024-03-01', endDate: '2024-03-07' })
          .expect(201);
        created.push(res.body);
      }
      const stored = await db.query(`SELECT title, period_type FROM impact_reports WHERE id = ANY($1) ORDER BY id`, [
        created.map((r) => r.id),
      ]);
      expect(stored).toEqual([
        { title: 'تقرير أثر دوري weekly', period_type: 'weekly' },
        { title: 'تقرير أثر دوري quarterly', period_type: 'quarterly' },
        { title: 'تقرير أثر دوري custom', period_type: 'custom' },
      ]);
      // The share page shows the stored period type too.
      const shared = await t.http.get(`/api/impact/${created[1].shareToken}`).expect(200);
      expect(shared.body.periodType).toBe('quarterly');
    } finally {
      await db.query(`DELETE FROM impact_reports WHERE id = ANY($1)`, [created.map((r) => r.id)]);
    }
  });
});
