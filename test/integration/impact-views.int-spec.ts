import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { PrivateRedis } from '../support/private-redis';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const PREFIX = `${testState().redisPrefix}:impact-views`;

/** A public report made through the admin API; its id and share token. */
async function newReport(t: TestApp, title: string): Promise<{ id: number; shareToken: string }> {
  const auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'views-admin')).token}` };
  const res = await t.http
    .post('/api/admin/impact-reports')
    .set(auth)
    .send({ title, startDate: '2023-01-01', endDate: '2023-01-31' })
    .expect(201);
  return { id: res.body.id, shareToken: res.body.shareToken };
}

/**
 * Issue 22: one address inflated a report's views without limit. A view now counts once per visitor
 * (an address; an IPv6 /64) per hour, through a Redis key set with NX and a one-hour expiry; with Redis
 * down every open counts, as before.
 */
describe('impact report views', () => {
  let t: TestApp;
  let db: DataSource;
  let redis: Redis;

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: PREFIX, TRUST_PROXY: 'true' } });
    db = t.app.get(DataSource);
    redis = new Redis(testState().redisUrl, { lazyConnect: true });
    await redis.connect();
  });
  afterAll(async () => {
    redis?.disconnect();
    await t?.close();
  });

  const open = (token: string, ip: string) => t.http.get(`/api/impact/${token}`).set('x-forwarded-for', ip).expect(200);
  const storedViews = async (id: number) =>
    ((await db.query(`SELECT views FROM impact_reports WHERE id = $1`, [id])) as [{ views: number }])[0].views;

  it('counts 30 opens from one address (20 of them at once) as one view, and tells the visitor the count', async () => {
    const report = await newReport(t, 'تقرير المشاهدات الأول');
    const first = await open(report.shareToken, '203.0.113.10');
    expect(first.body.views).toBe(1);
    await Promise.all(Array.from({ length: 20 }, () => open(report.shareToken, '203.0.113.10')));
    for (let i = 0; i < 9; i++) expect((await open(report.shareToken, '203.0.113.10')).body.views).toBe(1);
    expect(await storedViews(report.id)).toBe(1);
  });

  it('counts each address once, also when they arrive together, and a whole IPv6 /64 as one visitor', async () => {
    const report = await newReport(t, 'تقرير المشاهدات الثاني');
    const addresses = Array.from({ length: 12 }, (_, i) => `198.51.100.${i + 1}`);
    await Promise.all([...addresses, ...addresses].map((ip) => open(report.shareToken, ip)));
    expect(await storedViews(report.id)).toBe(12);
    for (const ip of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff:1:2:3']) await open(report.shareToken, ip);
    await open(report.shareToken, '2001:db8:5:7::1');
    expect(await storedViews(report.id)).toBe(14);
  });

  it('keeps the mark for an hour, then counts the address again', async () => {
    const report = await newReport(t, 'تقرير المشاهدات الثالث');
    await open(report.shareToken, '192.0.2.44');
    const keys = await redis.keys(`${PREFIX}:impact-view:${report.id}:*`);
    expect(keys).toHaveLength(1);
    // The address is not in the key, only its keyed hash.
    expect(keys[0]).not.toContain('192.0.2.44');
    const ttl = await redis.ttl(keys[0]);
    expect(ttl).toBeGreaterThan(3590);
    expect(ttl).toBeLessThanOrEqual(3600);
    await open(report.shareToken, '192.0.2.44');
    expect(await storedViews(report.id)).toBe(1);
    // The hour is over (the key expires): the same address counts again.
    await redis.del(keys[0]);
    expect((await open(report.shareToken, '192.0.2.44')).body.views).toBe(2);
  });

  it('leaves no mark for an unknown or private token', async () => {
    const report = await newReport(t, 'تقرير المشاهدات الرابع');
    const auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'views-admin')).token}` };
    await t.http.patch(`/api/admin/impact-reports/${report.id}`).set(auth).send({ isPublic: false }).expect(200);
    await t.http.get(`/api/impact/${report.shareToken}`).set('x-forwarded-for', '192.0.2.45').expect(404);
    await t.http
      .get(`/api/impact/${'B'.repeat(32)}`)
      .set('x-forwarded-for', '192.0.2.45')
      .expect(404);
    expect(await redis.keys(`${PREFIX}:impact-view:${report.id}:*`)).toEqual([]);
    expect(await storedViews(report.id)).toBe(0);
  });
});

describe('impact report views while Redis is down', () => {
  let privateRedis: PrivateRedis;
  let t: TestApp;

  beforeAll(async () => {
    privateRedis = await PrivateRedis.start();
    t = await createTestApp({ env: { REDIS_URL: privateRedis.url, REDIS_PREFIX: PREFIX } });
  });
  afterAll(async () => {
    // Back up first, so the app's Redis clients close instead of waiting to reconnect.
    await privateRedis?.up();
    await t?.close();
    await privateRedis?.kill();
  });

  it('counts every open, as before, and still answers', async () => {
    const report = await newReport(t, 'تقرير المشاهدات دون Redis');
    await t.http.get(`/api/impact/${report.shareToken}`).expect(200);
    await t.http.get(`/api/impact/${report.shareToken}`).expect(200);
    await privateRedis.kill();
    const third = await t.http.get(`/api/impact/${report.shareToken}`).expect(200);
    const fourth = await t.http.get(`/api/impact/${report.shareToken}`).expect(200);
    expect([third.body.views, fourth.body.views]).toEqual([2, 3]);
  });
});
