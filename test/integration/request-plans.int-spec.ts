import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { scopeOf } from '../../src/database/db-scope';
import { ActiveRequestsRepository } from '../../src/modules/requests/active-requests.repository';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';
import { ownDatabase } from '../support/own-database';
import { requestPayload, someDistrict } from '../support/request-payload';
import { buffersOf, type Statement, statementsOf } from '../support/statement-cost';
import { createTestApp, type TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/** Active requests of other hosts on the same date as the new one: what a date-driven plan would walk. */
const SAME_DAY = 5_000;
const PHONE_INDEX = 'IDX_requests_organizer_phone_event_date';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** How the statement reads `requests`: each scan's type and index. */
async function scansOfRequests(db: DataSource, statement: Statement): Promise<string[]> {
  const [row] = (await db.query(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values)) as { 'QUERY PLAN': { Plan: PlanNode }[] }[];
  const scans: string[] = [];
  const walk = (node: PlanNode) => {
    if (node['Relation Name'] === 'requests') scans.push(`${node['Node Type']} ${node['Index Name'] ?? ''}`.trim());
    node.Plans?.forEach(walk);
  };
  walk(row['QUERY PLAN'][0].Plan);
  return scans;
}

/** As right after a restore, or with autovacuum off: the planner knows nothing of the table. */
async function forgetStatistics(db: DataSource): Promise<void> {
  await db.query(`DELETE FROM pg_statistic WHERE starelid = 'requests'::regclass`);
  await db.query(`UPDATE pg_class SET reltuples = -1, relpages = 0 WHERE oid = 'requests'::regclass`);
}

/**
 * The reads a new request makes for its host's phone — the duplicate and the two-active limit, and the
 * host's latest active request (a quick message's link) — use the phone's index whatever the planner
 * knows: with statistics missing, the duplicate check once chose the partial deadline index and walked
 * every active request of the date (9 ms at 10,404 of them, growing with the date).
 */
describe('the reads of a host phone plan on its index, with or without statistics', () => {
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  let t: TestApp;
  let db: DataSource;
  let duplicateCheck: Statement;
  let latestActive: Statement;

  beforeAll(async () => {
    own = await ownDatabase('plans');
    t = await createTestApp({ env: { DATABASE_URL: own.url, REDIS_PREFIX: `${testState().redisPrefix}:plans` } });
    db = t.app.get(DataSource);
    const district = await someDistrict(db);
    const date = addDaysToDateString(riyadhDateString(new Date()), 1);
    await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status)
       SELECT 'wedding', 100, $1, '23:00', 'ينبع', 'custom', 'مضيف', '0591' || lpad(i::text, 6, '0'), 'received'
         FROM generate_series(1, ${SAME_DAY}) i`,
      [date],
    );
    const payload = requestPayload('0598877001', district);
    expect(payload.eventDate).toBe(date);
    const sent = await statementsOf(db, () => t.http.post('/api/requests').send(payload).expect(201));
    duplicateCheck = sent.find((s) => s.text.includes('AS "activeCount"'))!;
    expect(duplicateCheck).toBeDefined();
    latestActive = (await statementsOf(db, () => t.app.get(ActiveRequestsRepository).latestActiveId(scopeOf(db.manager), '0598877001')))[0];
  });
  afterAll(async () => {
    await t?.close();
    await own?.drop();
  });

  for (const statistics of ['fresh', 'missing'] as const) {
    it(`reads only the phone's rows through ${PHONE_INDEX} (statistics ${statistics})`, async () => {
      if (statistics === 'fresh') await db.query('ANALYZE requests');
      else await forgetStatistics(db);
      for (const statement of [duplicateCheck, latestActive]) {
        const scans = await scansOfRequests(db, statement);
        expect(scans.length).toBeGreaterThan(0);
        for (const scan of scans) expect(scan).toMatch(new RegExp(`(Index|Bitmap Index) Scan ${PHONE_INDEX}$`));
        // Pages, not milliseconds: a handful for one host, never the date's thousands of rows.
        expect(await buffersOf(db, statement)).toBeLessThan(20);
      }
    });
  }
});
