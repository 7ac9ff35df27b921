import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { DataSource } from 'typeorm';
import type { CertificateRow, CertificateVerification } from '../../src/shared/api/certificates';
import type { PlaceCertificateFigures, RequestCertificateFigures } from '../../src/shared/certificates';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const ARABIC = /[\u0600-\u06FF]/;
const BASE = 'https://food.example.org';

const binary = (res: { on: Function }, done: (e: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
// Text extractors read the brackets of right-to-left runs mirrored: they are left out of comparisons.
const squeeze = (s: string) => s.replace(/[\s\u200e\u200f\u202a-\u202e()]+/g, '');
const pdfText = (pdf: Buffer) => squeeze(execFileSync('pdftotext', ['-q', '-', '-'], { input: pdf }).toString('utf8'));

/** The PDF's first page drawn by poppler (pdftoppm), and what a QR reader finds on it. */
function qrOf(pdf: Buffer): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'certificate-'));
  try {
    writeFileSync(join(dir, 'c.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '110', '-singlefile', join(dir, 'c.pdf'), join(dir, 'page')]);
    const png = PNG.sync.read(readFileSync(join(dir, 'page.png')));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Fixtures with event dates in November 2021, a window no other test writes. The food rule is read from
 * the shared database (another file may have changed it) and the expectations follow it.
 */
describe('thank-you certificates: figures, PDF, verification, place certificates', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };
  let rule: { method: string; multiplier: number; manual: number };
  let place: { value: string; label: string };
  let otherPlace: string;
  const ids: Record<string, number> = {};

  const insert = async (name: string, f: { status: string; attendees: number; weighed: number | null; date: string; place?: string }) => {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, important_place,
         organizer_name, organizer_phone, food_types, status, weighed_kg, completed_at)
       VALUES ('wedding', $1, $2, '22:00', 'ينبع', $3, $4, $5, '0556611001', '{}', $6, $7, $8) RETURNING id`,
      [
        f.attendees,
        f.date,
        f.place ? 'important_place' : 'custom',
        f.place ?? null,
        name,
        f.status,
        f.weighed,
        f.status === 'completed' ? '2021-11-30T20:00:00Z' : null,
      ],
    );
    ids[name] = row.id;
  };
  const estimate = (attendees: number) => (rule.method === 'manual' ? rule.manual : Math.round(attendees * rule.multiplier * 100) / 100);
  const getPdf = (id: number) => t.http.get(`/api/admin/requests/${id}/certificate`).set(auth).buffer(true).parse(binary);

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_BASE_URL: BASE, RATE_LIMIT_VERIFY_PER_MINUTE: '1000' } });
    db = t.app.get(DataSource);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'certificates-admin')).token}` };
    const [settings] = await db.query(
      `SELECT calculation_method AS method, formula_multiplier::float8 AS multiplier, coalesce(manual_amount, 0)::float8 AS manual
         FROM food_calculation_settings WHERE is_active ORDER BY updated_at DESC, id DESC LIMIT 1`,
    );
    rule = settings ?? { method: 'formula', multiplier: 0.5, manual: 0 };
    const places = await db.query(`SELECT value, label FROM dropdown_options WHERE type = 'importantPlace' ORDER BY id LIMIT 2`);
    place = places[0];
    otherPlace = places[1].value;
    await insert('فندق الشاطئ للمناسبات', { status: 'completed', attendees: 150, weighed: 61.5, date: '2021-11-05', place: place.value });
    await insert('أسرة آل سالم', { status: 'completed', attendees: 90, weighed: null, date: '2021-11-12', place: place.value });
    await insert('حفل لم يكتمل', { status: 'confirmed', attendees: 80, weighed: null, date: '2021-11-14', place: place.value });
    await insert('حفل ملغى', { status: 'cancelled', attendees: 70, weighed: null, date: '2021-11-15', place: place.value });
    await insert('خارج الفترة', { status: 'completed', attendees: 200, weighed: 30, date: '2021-12-01', place: place.value });
    await insert('مكان آخر', { status: 'completed', attendees: 40, weighed: 12, date: '2021-11-20', place: otherPlace });
    await insert('حفل في منزل', { status: 'completed', attendees: 120, weighed: null, date: '2021-11-21' });
    await insert('حفل عائلي', { status: 'completed', attendees: 90, weighed: null, date: '2021-11-18' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs an administrator for every admin call; verification is public', async () => {
    await t.http.get(`/api/admin/requests/${ids['أسرة آل سالم']}/certificate`).expect(401);
    await t.http.get('/api/admin/certificates').expect(401);
    await t.http.post('/api/admin/certificates').send({ place: place.value, from: '2021-11-01', to: '2021-11-30' }).expect(401);
    await t.http.get('/api/admin/certificates/1/download').expect(401);
    await t.http.get('/api/verify/AAAAAAAAAAAAAAAAAAAAAA').expect(404);
  });

  it('issues none before the request is completed, and says why in Arabic', async () => {
    const res = await t.http.get(`/api/admin/requests/${ids['حفل لم يكتمل']}/certificate`).set(auth).expect(409);
    expect(res.body).toMatchObject({ code: 'CERTIFICATE_NOT_READY', message: expect.stringMatching(ARABIC) });
    await t.http.get('/api/admin/requests/999999999/certificate').set(auth).expect(404);
    const [n] = await db.query(`SELECT count(*)::int AS n FROM certificates WHERE request_id = $1`, [ids['حفل لم يكتمل']]);
    expect(n.n).toBe(0);
  });

  it("states a weighed request's own figures, labelled as weighed, in the PDF, its QR code and the verification", async () => {
    const id = ids['فندق الشاطئ للمناسبات'];
    const res = await getPdf(id).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.pdf"; filename\*=UTF-8''/);
    const [row] = await db.query(`SELECT code, figures, issued_by FROM certificates WHERE request_id = $1`, [id]);
    const figures = row.figures as RequestCertificateFigures;
    expect(figures).toMatchObject({
      kind: 'request',
      requestId: id,
      hostName: 'فندق الشاطئ للمناسبات',
      eventDate: '2021-11-05',
      attendeeCount: 150,
      placeLabel: place.label,
      foodKg: 61.5,
      basis: 'weighed',
      rule: null,
      meals: 146, // floor(61.5 / 0.42)
      kgPerMeal: 0.42,
    });
    expect(row.issued_by).toBe('certificates-admin');
    expect(row.code).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const text = pdfText(res.body);
    for (const part of ['شهادة شكر وتقدير', 'فندق الشاطئ للمناسبات', '61.5كجم(موزون)', 'وزنفعلي', '146وجبة', '(5نوفمبر2021م', row.code])
      expect(text).toContain(squeeze(part));
    expect(qrOf(res.body)).toBe(`${BASE}/v/${row.code}`);

    const verified = await t.http.get(`/api/verify/${row.code}`).expect(200);
    expect(verified.body as CertificateVerification).toEqual({
      code: row.code,
      kind: 'request',
      issuedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      figures,
    });
  });

  it('labels an estimate as such, with the rule it used, and keeps the certificate the same afterwards', async () => {
    const id = ids['حفل عائلي'];
    const first = await getPdf(id).expect(200);
    const [row] = await db.query(`SELECT id, code, figures FROM certificates WHERE request_id = $1`, [id]);
    const kg = estimate(90);
    expect(row.figures).toMatchObject({ basis: 'estimated', foodKg: kg, meals: Math.floor(kg / 0.42 + 1e-9) });
    expect(row.figures.rule).toMatchObject({ method: rule.method });
    const text = pdfText(first.body);
    expect(text).toContain(squeeze(`${kg} كجم (تقديري)`));
    expect(text).toContain(squeeze(rule.method === 'manual' ? `${rule.manual} كجم لكل عملية استلام` : `× ${rule.multiplier} كجم للشخص`));

    // The request is weighed later: the certificate already issued does not change.
    await db.query(`UPDATE requests SET weighed_kg = 500 WHERE id = $1`, [id]);
    const again = await getPdf(id).expect(200);
    expect(Buffer.compare(again.body, first.body)).toBe(0);
    const rows = await db.query(`SELECT id, code, figures FROM certificates WHERE request_id = $1`, [id]);
    expect(rows).toEqual([row]);
  });

  it('issues one certificate when the first calls come at once', async () => {
    const id = ids['حفل في منزل'];
    const answers = await Promise.all(Array.from({ length: 4 }, () => getPdf(id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const rows = await db.query(`SELECT code FROM certificates WHERE request_id = $1`, [id]);
    expect(rows).toHaveLength(1);
    for (const answer of answers) expect(pdfText(answer.body)).toContain(rows[0].code);
    const [log] = await db.query(
      `SELECT count(*)::int AS n FROM activity_logs WHERE action = 'certificate_issued' AND metadata->>'requestId' = $1`,
      [String(id)],
    );
    expect(log.n).toBe(1);
  });

  it('answers every unknown code with the same 404, whatever its shape', async () => {
    const bodies = [];
    for (const code of ['AAAAAAAAAAAAAAAAAAAAAA', 'abc', 'x'.repeat(90), '%D9%85%D8%B1%D8%AD%D8%A8%D8%A7']) {
      const res = await t.http.get(`/api/verify/${code}`).expect(404);
      bodies.push(res.body);
    }
    expect(bodies[0]).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'الشهادة غير موجودة، تأكد من الرابط أو رمز التحقق' });
    for (const body of bodies) expect(body).toEqual(bodies[0]);
  });

  it("issues a place's certificate over a period: every completed collection there, weighed and estimated apart", async () => {
    const res = await t.http.post('/api/admin/certificates').set(auth).send({ place: place.value, from: '2021-11-01', to: '2021-11-30' });
    expect(res.status).toBe(201);
    const created = res.body as CertificateRow;
    const estimated = estimate(90);
    const total = Math.round((61.5 + estimated) * 100) / 100;
    expect(created).toMatchObject({
      kind: 'place',
      placeValue: place.value,
      periodFrom: '2021-11-01',
      periodTo: '2021-11-30',
      subject: place.label,
      foodKg: total,
      issuedBy: 'certificates-admin',
      verifyUrl: `${BASE}/v/${created.code}`,
    });
    const verified = await t.http.get(`/api/verify/${created.code}`).expect(200);
    expect(verified.body.figures as PlaceCertificateFigures).toMatchObject({
      kind: 'place',
      placeLabel: place.label,
      from: '2021-11-01',
      to: '2021-11-30',
      // The confirmed and the cancelled ones, December's and the other place's are not counted.
      collections: 2,
      weighedKg: 61.5,
      weighedCount: 1,
      estimatedKg: estimated,
      estimatedCount: 1,
      foodKg: total,
      meals: Math.floor(total / 0.42 + 1e-9),
    });
    const pdf = await t.http.get(`/api/admin/certificates/${created.id}/download`).set(auth).buffer(true).parse(binary).expect(200);
    const text = pdfText(pdf.body);
    expect(text).toContain(squeeze(place.label));
    expect(text).toContain(squeeze(`${total} كجم (موزون وتقديري)`));
    expect(qrOf(pdf.body)).toBe(`${BASE}/v/${created.code}`);

    const list = await t.http
      .get('/api/admin/certificates')
      .query({ filter: JSON.stringify({ kind: 'place' }), range: '[0,9]' })
      .set(auth)
      .expect(200);
    expect(list.headers['content-range']).toMatch(/^items 0-\d+\/\d+$/);
    expect((list.body as CertificateRow[]).every((r) => r.kind === 'place')).toBe(true);
    expect((list.body as CertificateRow[])[0].code).toBe(created.code);
  });

  it('refuses a place certificate without a place or a sound period, an unknown place, or no collections', async () => {
    const cases: [object, string][] = [
      [{ from: '2021-11-01', to: '2021-11-30' }, 'place'],
      [{ place: place.value, from: '2021-02-30', to: '2021-11-30' }, 'from'],
      [{ place: place.value, from: '2021-11-30', to: '2021-11-01' }, 'to'],
      [{ place: place.value, from: '2015-01-01', to: '2021-11-30' }, 'to'],
      [{ place: 'no_such_place', from: '2021-11-01', to: '2021-11-30' }, 'place'],
    ];
    for (const [body, field] of cases) {
      const res = await t.http.post('/api/admin/certificates').set(auth).send(body).expect(400);
      expect(res.body.errors[field]).toMatch(ARABIC);
    }
    const none = await t.http
      .post('/api/admin/certificates')
      .set(auth)
      .send({ place: place.value, from: '2021-10-01', to: '2021-10-31' })
      .expect(422);
    expect(none.body).toMatchObject({ code: 'NO_COMPLETED_COLLECTIONS', message: expect.stringMatching(ARABIC) });
    await t.http
      .get('/api/admin/certificates')
      .query({ filter: JSON.stringify({ kind: 'other' }) })
      .set(auth)
      .expect(400);
  });
});

// Its own app, after the one above is closed (an app's sign-in strategy is registered process-wide).
describe('certificate verification rate limit', () => {
  it('limits verifications per address', async () => {
    const limited = await createTestApp({
      env: { RATE_LIMIT_VERIFY_PER_MINUTE: '3', REDIS_PREFIX: `${testState().redisPrefix}:verify-limit` },
    });
    try {
      for (let i = 0; i < 3; i++) await limited.http.get('/api/verify/AAAAAAAAAAAAAAAAAAAAAA').expect(404);
      const res = await limited.http.get('/api/verify/AAAAAAAAAAAAAAAAAAAAAA').expect(429);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});
