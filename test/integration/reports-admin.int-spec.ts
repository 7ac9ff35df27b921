import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';

const ARABIC = /[\u0600-\u06FF]/;
// The session helper binds the session to this user agent.
const UA = 'jest';

/** The activity log's audit of administrator calls, and the homepage figures an administrator sets. */
describe('activity rows of administrator changes, and the homepage figures', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: Record<string, string>;
  let adminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    const session = await signInAdmin(t.app, 'reports-admin');
    auth = { Authorization: `Bearer ${session.token}`, 'User-Agent': UA };
    adminId = session.userId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('records every administrator change once, with who, from where and with what browser, and nothing for a refused one', async () => {
    const rowsFor = (action: string) =>
      db.query(
        `SELECT user_id AS "userId", ip_address AS ip, user_agent AS ua, entity_id AS "entityId" FROM activity_logs WHERE action = $1 ORDER BY id`,
        [action],
      );
    const name = `حي سجل النشاط ${Date.now()}`;
    const added = await t.http.post('/api/admin/simple-locations/districts').set(auth).send({ name, areaValue: 'yanbu_city' });
    expect([200, 201]).toContain(added.status);
    const [district] = await db.query(`SELECT id FROM simple_districts WHERE name = $1`, [name]);
    await t.http.delete(`/api/admin/simple-locations/districts/${district.id}`).set(auth).expect(200);
    const created = await rowsFor('district_created');
    expect(created.at(-1)).toMatchObject({ userId: adminId, ua: UA });
    expect(created.at(-1).ip).toMatch(/127\.0\.0\.1/);
    const deleted = await rowsFor('district_deleted');
    expect(deleted.at(-1)).toMatchObject({ userId: adminId, entityId: String(district.id) });

    // Refused: no row.
    const before = (await db.query(`SELECT count(*)::int AS n FROM activity_logs`))[0].n;
    await t.http.post('/api/admin/simple-locations/districts').set(auth).send({ name: '', areaValue: 'yanbu_city' }).expect(400);
    expect((await db.query(`SELECT count(*)::int AS n FROM activity_logs`))[0].n).toBe(before);

    // A service that writes its own row in its transaction gets exactly one.
    await t.http.post('/api/admin/homepage-statistics').set(auth).send({ totalRequests: 1 }).expect(200);
    await t.http.delete('/api/admin/homepage-statistics').set(auth).expect(200);
    expect((await db.query(`SELECT count(*)::int AS n FROM activity_logs`))[0].n).toBe(before + 2);
    // (Other files move their app's clock into the future, so this administrator's rows are asked for.)
    const mine = encodeURIComponent(JSON.stringify({ userId: adminId }));
    const latest = (await t.http.get(`/api/activity-logs?range=[0,1]&filter=${mine}`).set(auth).expect(200)).body;
    expect(latest.map((r: { action: string }) => r.action)).toEqual(['homepage_statistics_reset', 'homepage_statistics_updated']);
  });

  describe('homepage figures', () => {
    it('saves five whole numbers (Arabic-Indic digits, empty as 0), shows them on the public call at once, and goes back to computed ones', async () => {
      const before = (await t.http.get('/api/homepage-statistics').expect(200)).body;
      const saved = await t.http
        .post('/api/admin/homepage-statistics')
        .set(auth)
        .send({ totalRequests: '١٢٣٤', uniquePhones: 800, foodSavedKg: '٥٠٠٠', familiesBenefited: '', successfulEvents: '٩٠' })
        .expect(200);
      expect(saved.body.message).toMatch(ARABIC);
      expect(saved.body.statistics.manual).toMatchObject({
        totalRequests: 1234,
        uniquePhones: 800,
        foodSavedKg: 5000,
        familiesBenefited: 0,
        successfulEvents: 90,
        updatedBy: 'reports-admin',
      });
      expect((await t.http.get('/api/homepage-statistics').expect(200)).body).toEqual({
        totalRequests: 1234,
        uniquePhones: 800,
        completedRequests: 90,
        estimatedFoodKg: 5000,
        familiesBenefited: 0,
        // The home's note says the figures are the charity's own.
        basis: { source: 'manual' },
      });

      const bad = await t.http
        .post('/api/admin/homepage-statistics')
        .set(auth)
        .send({ totalRequests: '12.5', uniquePhones: -3 })
        .expect(400);
      expect(bad.body.errors.totalRequests).toMatch(ARABIC);
      expect(bad.body.errors.uniquePhones).toMatch(ARABIC);
      expect((await t.http.get('/api/homepage-statistics').expect(200)).body.totalRequests).toBe(1234);

      const reset = await t.http.delete('/api/admin/homepage-statistics').set(auth).expect(200);
      expect(reset.body.statistics.manual).toBeNull();
      const after = (await t.http.get('/api/homepage-statistics').expect(200)).body;
      expect(after.totalRequests).toBeGreaterThanOrEqual(before.totalRequests);
      expect(after.totalRequests).not.toBe(1234);
    });
  });
});
