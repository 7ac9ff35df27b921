import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { requestPayload, someDistrict } from '../support/request-payload';
import { TcpProxy } from '../support/tcp-proxy';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const ARABIC = /[\u0600-\u06FF]/;

/**
 * PostgreSQL goes away (every connection cut, new ones refused) and comes back: every route answers
 * 503 in Arabic with Retry-After instead of a 500, nothing is half-written, and the app recovers by
 * itself once the database is back.
 */
describe('the database unreachable', () => {
  let t: TestApp;
  let proxy: TcpProxy;
  let district: string;
  let token: string;

  beforeAll(async () => {
    const real = new URL(testState().databaseUrl);
    proxy = new TcpProxy(real.hostname, Number(real.port || 5432));
    const port = await proxy.up();
    const viaProxy = new URL(real.toString());
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(port);
    t = await createTestApp({ env: { DATABASE_URL: viaProxy.toString(), RATE_LIMIT_REQUESTS_PER_MINUTE: '1000' } });
    district = await someDistrict(t.app.get(DataSource));
    token = (await signInAdmin(t.app, 'db-outage-admin')).token;
  }, 60_000);
  afterAll(async () => {
    await proxy?.up();
    await t?.close();
    await proxy?.down();
  });

  it('answers 503 with Retry-After on public and admin routes, then works again without a restart', async () => {
    const phone = '0551203917';
    const count = async () =>
      (
        (await t.app
          .get(DataSource)
          .query(`SELECT count(*)::int AS n FROM requests WHERE right(organizer_phone, 9) = right($1, 9)`, [phone])) as { n: number }[]
      )[0].n;
    const before = await count();
    await proxy.down();
    const created = await t.http.post('/api/requests').send(requestPayload(phone, district)).timeout(20_000);
    expect(created.status).toBe(503);
    expect(created.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE', message: expect.stringMatching(ARABIC) });
    expect(Number(created.headers['retry-after'])).toBeGreaterThan(0);
    const desk = await t.http.get('/api/requests').set('authorization', `Bearer ${token}`).timeout(20_000);
    expect(desk.status).toBe(503);
    expect(desk.body.code).toBe('DATABASE_UNAVAILABLE');
    const health = await t.http.get('/api/health').timeout(20_000);
    expect(health.status).toBe(503);
    expect(health.body.checks.database).toBe('down');

    await proxy.up();
    const again = await t.http.post('/api/requests').send(requestPayload(phone, district)).timeout(20_000);
    expect(again.status).toBe(201);
    // Nothing of the refused try was kept: the organizer's one request is the one just made.
    expect(await count()).toBe(before + 1);
  }, 90_000);
});
