import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { DataSource } from 'typeorm';
import { riyadhDateString } from '../../src/shared/time';
import { signInAdmin } from '../support/admin-session';
import { requestPayload, someDistrict } from '../support/request-payload';
import { createTestApp, TestApp } from '../support/test-app';

const UA = 'jest';
/** Names a spreadsheet would read as formulas if they were written as formulas. */
const NAMES = ['=HYPERLINK("http://example.com/x","افتح")', '+966 جمعية', '-1+1 منظم', '@SUM(A1:A9)'];

/**
 * Organizer names that start like a formula are kept as typed, and the Excel export writes them as
 * text cells, never formulas (issue 22, info finding). There is no CSV output.
 */
describe('organizer names starting with = + - @', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_REQUESTS_PER_MINUTE: '100000' } });
    db = t.app.get(DataSource);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'formula-admin')).token}`, 'User-Agent': UA };
  });
  afterAll(() => t.close());

  it('are stored as typed and exported as text cells', async () => {
    const district = await someDistrict(db);
    for (const [i, organizerName] of NAMES.entries()) {
      const payload = { ...requestPayload(`05577100${i}${i}`, district, t.clock.now()), organizerName };
      await t.http.post('/api/requests').send(payload).expect(201);
    }
    const stored: { organizer_name: string }[] = await db.query(`SELECT organizer_name FROM requests WHERE organizer_name = ANY($1)`, [
      NAMES,
    ]);
    expect(stored.map((r) => r.organizer_name).sort()).toEqual([...NAMES].sort());

    const ticket = (await t.http.post('/api/statistics/export-ticket').set(auth).expect(200)).body.ticket as string;
    const res = await t.http
      .get(`/api/statistics/export?auth=${ticket}&download=1&period=daily&date=${riyadhDateString(t.clock.now())}`)
      .set('User-Agent', UA)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.body as unknown as ArrayBuffer);
    const cells: ExcelJS.Cell[] = [];
    book.getWorksheet('الطلبات')!.eachRow((row) => {
      const cell = row.getCell(4);
      if (NAMES.includes(String(cell.value))) cells.push(cell);
    });
    expect(cells.map((c) => c.value).sort()).toEqual([...NAMES].sort());
    for (const cell of cells) {
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
    }
  });
});
