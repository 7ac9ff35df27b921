import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { ownDatabase } from '../support/own-database';
import { requestPayload, someDistrict } from '../support/request-payload';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, type TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/**
 * The desk's counters per status are kept by triggers in sharded rows (request_status_counts); each
 * write takes a shard no other transaction holds. Whatever the concurrency, the shards add up to the
 * requests as they are.
 */
describe('the status counters under concurrent writes', () => {
  let own: Awaited<ReturnType<typeof ownDatabase>>;
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    own = await ownDatabase('counts');
    t = await createTestApp({
      env: { DATABASE_URL: own.url, REDIS_PREFIX: `${testState().redisPrefix}:counts`, RATE_LIMIT_REQUESTS_PER_MINUTE: '1000' },
    });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
    await own?.drop();
  });

  const byStatus = (rows: { status: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.status, r.n]));
  const counted = async () =>
    byStatus(await db.query(`SELECT status, sum(n)::int AS n FROM request_status_counts GROUP BY status HAVING sum(n) <> 0`));
  const actual = async () => byStatus(await db.query(`SELECT status, count(*)::int AS n FROM requests GROUP BY status`));

  it('add up to the requests after 12 requests and 12 status changes at once (more than the pool of 10 connections), spread over several shards', async () => {
    const district = await someDistrict(db);
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.http.post('/api/requests').send(requestPayload(`05966${String(i).padStart(5, '0')}`, district)),
      ),
    );
    expect(created.map((r) => r.status)).toEqual(Array(12).fill(201));
    const { token } = await signInAdmin(t.app, 'counts-admin');
    const statuses = ['reviewing', 'confirmed', 'completed', 'cancelled'];
    const changed = await Promise.all(
      created.map((r, i) =>
        t.http
          .patch(`/api/requests/${r.body.id}/status`)
          .set('authorization', `Bearer ${token}`)
          .send({ status: statuses[i % statuses.length] }),
      ),
    );
    expect(changed.map((r) => [r.status, r.body.code ?? ''])).toEqual(Array(12).fill([200, '']));
    expect(await actual()).toEqual({ reviewing: 3, confirmed: 3, completed: 3, cancelled: 3 });
    expect(await counted()).toEqual(await actual());
    // Concurrent writers took different shards (one row for all would have made them queue).
    const [{ shards }] = await db.query(`SELECT count(DISTINCT shard)::int AS shards FROM request_status_counts WHERE n <> 0`);
    expect(shards).toBeGreaterThan(1);
  });

  it('lets a new request through while another transaction holds every shard of its status but one', async () => {
    const holder = new pg.Client({ connectionString: own.url });
    const writer = new pg.Client({ connectionString: own.url });
    await holder.connect();
    await writer.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM request_status_counts WHERE status = 'received' AND shard <> 7 FOR UPDATE`);
      // A shard holds a delta, not a count (a request counted in one and moved out through another leaves
      // it below zero): the insert must add one to shard 7, whatever it held.
      const shard7 = async () =>
        (await writer.query(`SELECT n::int FROM request_status_counts WHERE status = 'received' AND shard = 7`)).rows[0].n as number;
      const before = await shard7();
      // A writer that had to wait for a held shard would fail here instead of waiting.
      await writer.query(`SET lock_timeout = '2s'`);
      await writer.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone)
         VALUES ('wedding', 50, '2031-01-01', '22:00', 'ينبع', 'custom', 'مضيف', '0596700001')`,
      );
      expect(await shard7()).toBe(before + 1);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await holder.end();
      await writer.end();
    }
    expect(await counted()).toEqual(await actual());
  });
});
