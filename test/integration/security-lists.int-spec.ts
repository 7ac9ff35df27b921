import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';

const ARABIC = /[\u0600-\u06FF]/;
const REASONS = ['invalid_password', 'geo_blocked', 'invalid_verification_code'] as const;

/**
 * The security tab's three lists on the list convention (decisions.md): login attempts, security
 * alerts and emergency codes page with Content-Range, sort and filter by their allow-lists, and
 * answer 400 in Arabic for anything else.
 */
describe('security lists: login attempts, alerts, emergency codes', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: Record<string, string>;
  /** This file's 30 attempts (usernames lst-user-00 … lst-user-29), oldest first. */
  const attemptIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    db = t.app.get(DataSource);
    auth = { authorization: `Bearer ${(await signInAdmin(t.app, 'lists-admin')).token}` };
    for (let i = 0; i < 30; i++) {
      const success = i % 3 === 0;
      const [row] = (await db.query(
        `INSERT INTO login_attempts (username, success, failure_reason, ip_address, country, country_code, attempted_at)
         VALUES ($1, $2, $3, $4, $5, $6, '2026-03-01T08:00:00Z'::timestamptz + make_interval(mins => $7)) RETURNING id`,
        [
          // Usernames in the reverse order of time, so that sorting by name differs from sorting by time.
          `lst-user-${String(29 - i).padStart(2, '0')}`,
          success,
          success ? null : REASONS[i % 3],
          `10.50.0.${i}`,
          i % 3 === 1 ? 'مصر' : null,
          i % 3 === 1 ? 'EG' : null,
          i,
        ],
      )) as Array<{ id: number }>;
      attemptIds.push(row.id);
    }
  });
  afterAll(async () => {
    // Other files share the database and look at the newest rows: take this file's rows away.
    await db.query(`DELETE FROM login_attempts WHERE username LIKE 'lst-user-%'`);
    await db.query(`DELETE FROM security_alerts WHERE username = 'lst-alerts'`);
    await db.query(`DELETE FROM emergency_access_codes WHERE security_question = 'ما اسم الحي؟'`);
    await t.close();
  });

  const get = (path: string, query: Record<string, unknown> = {}) =>
    t.http
      .get(path)
      .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])))
      .set(auth);
  const ids = (body: Array<{ id: number }>) => body.map((r) => r.id);
  const count = async (sql: string, params: unknown[] = []) => ((await db.query(sql, params)) as [{ n: number }])[0].n;

  /** Every malformed request of a list answers 400 with the Arabic envelope naming the parameter. */
  async function expectBad(path: string, query: Record<string, unknown>, param: string): Promise<void> {
    const res = await get(path, query).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.stringMatching(ARABIC) });
    expect(res.body.errors[param]).toMatch(ARABIC);
  }

  describe('GET /api/security/login-attempts', () => {
    const path = '/api/security/login-attempts';

    it('pages newest first with Content-Range (the security tab asks for the latest 10)', async () => {
      const first = await get(path, { filter: { q: 'lst-user-' }, range: [0, 9] }).expect(200);
      expect(first.headers['content-range']).toBe('items 0-9/30');
      expect(first.headers['access-control-expose-headers']).toContain('Content-Range');
      expect(ids(first.body)).toEqual([...attemptIds].reverse().slice(0, 10));
      expect(first.body[0]).toEqual({
        id: attemptIds[29],
        username: 'lst-user-00',
        success: false,
        ipAddress: '10.50.0.29',
        country: null,
        countryCode: null,
        failureReason: 'invalid_verification_code',
        attemptedAt: '2026-03-01T08:29:00.000Z',
      });
      const last = await get(path, { filter: { q: 'lst-user-' }, range: [25, 34] }).expect(200);
      expect(last.headers['content-range']).toBe('items 25-29/30');
      expect(ids(last.body)).toEqual(attemptIds.slice(0, 5).reverse());

      // Without parameters: the first 25 of the whole history, its total counted.
      const all = await get(path).expect(200);
      const total = await count(`SELECT count(*)::int AS n FROM login_attempts`);
      expect(all.headers['content-range']).toBe(`items 0-${Math.min(25, total) - 1}/${total}`);
      const times = all.body.map((a: { attemptedAt: string }) => a.attemptedAt);
      expect(times).toEqual([...times].sort().reverse());
    });

    it('sorts by time, number and username, both ways', async () => {
      const oldest = await get(path, { filter: { q: 'lst-user-' }, sort: ['attemptedAt', 'ASC'], range: [0, 4] }).expect(200);
      expect(ids(oldest.body)).toEqual(attemptIds.slice(0, 5));
      const byId = await get(path, { filter: { q: 'lst-user-' }, sort: ['id', 'DESC'], range: [0, 2] }).expect(200);
      expect(ids(byId.body)).toEqual([attemptIds[29], attemptIds[28], attemptIds[27]]);
      const byName = await get(path, { filter: { q: 'lst-user-' }, sort: ['username', 'ASC'], range: [0, 29] }).expect(200);
      expect(byName.body.map((a: { username: string }) => a.username)).toEqual(
        Array.from({ length: 30 }, (_, i) => `lst-user-${String(i).padStart(2, '0')}`),
      );
      const byNameDesc = await get(path, { filter: { q: 'lst-user-' }, sort: ['username', 'DESC'], range: [0, 0] }).expect(200);
      expect(byNameDesc.body[0].username).toBe('lst-user-29');
    });

    it('filters by result, failure reason, and username or address text', async () => {
      const failed = await get(path, { filter: { q: 'lst-user-', success: false }, range: [0, 29] }).expect(200);
      expect(failed.headers['content-range']).toBe('items 0-19/20');
      expect(failed.body.every((a: { success: boolean }) => !a.success)).toBe(true);
      const ok = await get(path, { filter: { q: 'lst-user-', success: true } }).expect(200);
      expect(ok.headers['content-range']).toBe('items 0-9/10');
      expect(ok.body.every((a: { success: boolean; failureReason: string | null }) => a.success && a.failureReason === null)).toBe(true);

      const geo = await get(path, { filter: { q: 'lst-user-', failureReason: 'geo_blocked' } }).expect(200);
      expect(geo.headers['content-range']).toBe('items 0-9/10');
      expect(
        geo.body.every((a: { failureReason: string; countryCode: string }) => a.failureReason === 'geo_blocked' && a.countryCode === 'EG'),
      ).toBe(true);
      // All filters at once, across the whole history.
      const allGeo = await get(path, { filter: { failureReason: 'geo_blocked', success: false } }).expect(200);
      const geoTotal = await count(`SELECT count(*)::int AS n FROM login_attempts WHERE failure_reason = 'geo_blocked' AND NOT success`);
      expect(allGeo.headers['content-range']).toMatch(new RegExp(`/${geoTotal}$`));

      // Username text, in any case; an address.
      const one = await get(path, { filter: { q: 'LST-USER-07' } }).expect(200);
      expect(one.body.map((a: { username: string }) => a.username)).toEqual(['lst-user-07']);
      const byIp = await get(path, { filter: { q: '10.50.0.27' } }).expect(200);
      expect(byIp.body.map((a: { ipAddress: string }) => a.ipAddress)).toEqual(['10.50.0.27']);
      // % and _ are letters here, not wildcards.
      const literal = await get(path, { filter: { q: 'lst%user' } }).expect(200);
      expect(literal.headers['content-range']).toBe('items 0-0/0');
      expect(literal.body).toEqual([]);
    });

    it('refuses unknown sorts and filters, bad values and ranges, and NUL, in Arabic', async () => {
      await expectBad(path, { sort: ['ipAddress', 'ASC'] }, 'sort');
      await expectBad(path, { sort: ['attemptedAt', 'UP'] }, 'sort');
      await expectBad(path, { filter: { userAgent: 'curl' } }, 'filter');
      await expectBad(path, { filter: { success: 'yes' } }, 'success');
      await expectBad(path, { filter: { failureReason: 'forgot' } }, 'failureReason');
      await expectBad(path, { filter: { q: 7 } }, 'q');
      await expectBad(path, { filter: { q: 'lst\u0000' } }, 'filter');
      await expectBad(path, { range: [0, 500] }, 'range');
      await expectBad(path, { range: [5, 1] }, 'range');
      await expectBad(path, { range: 'first-page' }, 'range');
    });

    it('is for administrators only', async () => {
      const res = await t.http.get(path).expect(401);
      expect(res.body.message).toMatch(ARABIC);
      await t.http.get(path).set('authorization', 'Bearer not-a-session').expect(401);
    });
  });

  describe('GET /api/security/alerts', () => {
    const path = '/api/security/alerts';
    /** This file's alerts (username lst-alerts), oldest first. */
    const alertIds: number[] = [];
    const kinds = [
      ['geo_block', 'high'],
      ['failed_login', 'medium'],
      ['code_attempts', 'low'],
    ] as const;

    beforeAll(async () => {
      for (let i = 0; i < 12; i++) {
        const [type, severity] = kinds[i % 3];
        const [row] = (await db.query(
          `INSERT INTO security_alerts (alert_type, severity, username, ip_address, description, resolved, created_at)
           VALUES ($1, $2, 'lst-alerts', $3, $4, $5, '2099-01-01T00:00:00Z'::timestamptz + make_interval(mins => $6)) RETURNING id`,
          [type, severity, `10.60.0.${i}`, `تنبيه تجريبي ${i}`, i < 4, i],
        )) as Array<{ id: number }>;
        alertIds.push(row.id);
      }
    });

    it('pages newest first with Content-Range, open ones through the resolved filter', async () => {
      // Dated in 2099, this file's alerts are the newest of the table.
      const first = await get(path, { range: [0, 4] }).expect(200);
      const total = await count(`SELECT count(*)::int AS n FROM security_alerts`);
      expect(first.headers['content-range']).toBe(`items 0-4/${total}`);
      expect(ids(first.body)).toEqual([...alertIds].reverse().slice(0, 5));
      expect(first.body[0]).toEqual({
        id: alertIds[11],
        alertType: 'code_attempts',
        severity: 'low',
        description: 'تنبيه تجريبي 11',
        country: null,
        ipAddress: '10.60.0.11',
        username: 'lst-alerts',
        createdAt: '2099-01-01T00:11:00.000Z',
        resolved: false,
        resolvedAt: null,
        resolvedBy: null,
      });
      const second = await get(path, { range: [5, 9] }).expect(200);
      expect(second.headers['content-range']).toBe(`items 5-9/${total}`);
      expect(ids(second.body)).toEqual([...alertIds].reverse().slice(5, 10));

      const open = await get(path, { filter: { resolved: false }, range: [0, 99] }).expect(200);
      const openTotal = await count(`SELECT count(*)::int AS n FROM security_alerts WHERE NOT resolved`);
      expect(open.headers['content-range']).toMatch(new RegExp(`/${openTotal}$`));
      expect(open.body.every((a: { resolved: boolean }) => !a.resolved)).toBe(true);
      expect(ids(open.body)).toEqual(expect.arrayContaining(alertIds.slice(4)));
      expect(ids(open.body)).not.toEqual(expect.arrayContaining([alertIds[0]]));
      const done = await get(path, { filter: { resolved: true }, range: [0, 99] }).expect(200);
      expect(done.body.every((a: { resolved: boolean }) => a.resolved)).toBe(true);
      expect(ids(done.body)).toEqual(expect.arrayContaining(alertIds.slice(0, 4)));
    });

    it('resolving an alert moves it from the open list to the resolved one', async () => {
      const target = alertIds[10];
      await t.http.post(`/api/security/alerts/${target}/resolve`).set(auth).expect(200, { success: true });
      const open = await get(path, { filter: { resolved: false }, range: [0, 99] }).expect(200);
      expect(ids(open.body)).not.toContain(target);
      const done = await get(path, { filter: { resolved: true }, range: [0, 0] }).expect(200);
      expect(done.headers['content-range']).toMatch(/^items 0-0\/\d+$/);
      expect(done.body[0]).toMatchObject({ id: target, resolved: true, resolvedBy: 'lists-admin', resolvedAt: expect.any(String) });
    });

    it('sorts by time, number and severity (most serious first), and filters by severity and type', async () => {
      const oldest = await get(path, { sort: ['createdAt', 'ASC'], range: [0, 99] }).expect(200);
      const times = oldest.body.map((a: { createdAt: string }) => a.createdAt);
      expect(times).toEqual([...times].sort());
      const byId = await get(path, { sort: ['id', 'ASC'], range: [0, 99] }).expect(200);
      expect(ids(byId.body)).toEqual([...ids(byId.body)].sort((a, b) => a - b));

      const rank = { high: 3, medium: 2, low: 1 } as Record<string, number>;
      const serious = await get(path, { sort: ['severity', 'DESC'], range: [0, 99] }).expect(200);
      const ranks = serious.body.map((a: { severity: string }) => rank[a.severity]);
      expect(ranks).toEqual([...ranks].sort((a, b) => b - a));
      expect(serious.body[0].severity).toBe('high');
      const mild = await get(path, { sort: ['severity', 'ASC'], range: [0, 0] }).expect(200);
      expect(mild.body[0].severity).toBe('low');

      const high = await get(path, { filter: { severity: 'high' }, range: [0, 99] }).expect(200);
      expect(high.body.every((a: { severity: string }) => a.severity === 'high')).toBe(true);
      const highTotal = await count(`SELECT count(*)::int AS n FROM security_alerts WHERE severity = 'high'`);
      expect(high.headers['content-range']).toMatch(new RegExp(`/${highTotal}$`));

      const codes = await get(path, { filter: { alertType: 'code_attempts', resolved: false }, range: [0, 99] }).expect(200);
      expect(codes.body.every((a: { alertType: string; resolved: boolean }) => a.alertType === 'code_attempts' && !a.resolved)).toBe(true);
      expect(ids(codes.body)).toEqual(expect.arrayContaining([alertIds[11], alertIds[8], alertIds[5]]));
    });

    it('refuses unknown sorts and filters and bad values in Arabic; administrators only', async () => {
      await expectBad(path, { sort: ['description', 'ASC'] }, 'sort');
      await expectBad(path, { filter: { username: 'lst-alerts' } }, 'filter');
      await expectBad(path, { filter: { resolved: 'no' } }, 'resolved');
      await expectBad(path, { filter: { severity: 'critical' } }, 'severity');
      await expectBad(path, { filter: { alertType: 'burglary' } }, 'alertType');
      await expectBad(path, { filter: { alertType: 'geo\u0000' } }, 'filter');
      await expectBad(path, { range: [0, 101] }, 'range');
      await t.http.get(path).expect(401);
      await t.http.post(`/api/security/alerts/${alertIds[9]}/resolve`).expect(401);
    });
  });

  describe('GET /api/admin/emergency-access-codes', () => {
    const path = '/api/admin/emergency-access-codes';
    const created: Array<{ id: number; masterCode: string }> = [];

    beforeAll(async () => {
      for (const suffix of ['LSTAA1', 'LSTBB2', 'LSTCC3']) {
        const res = await t.http
          .post(path)
          .set(auth)
          .send({ masterCode: `YNB-2026-${suffix}`, securityQuestion: 'ما اسم الحي؟', securityAnswer: 'الصناعية' })
          .expect(201);
        // Shown in full once, when created.
        expect(res.body.masterCode).toBe(`YNB-2026-${suffix}`);
        created.push(res.body);
      }
      await t.http.patch(`${path}/${created[1].id}`).set(auth).send({ isActive: false }).expect(200);
    });

    it('pages newest first with Content-Range, codes masked', async () => {
      const total = await count(`SELECT count(*)::int AS n FROM emergency_access_codes`);
      const first = await get(path, { range: [0, 1] }).expect(200);
      expect(first.headers['content-range']).toBe(`items 0-1/${total}`);
      expect(ids(first.body)).toEqual([created[2].id, created[1].id]);
      expect(first.body[0]).toEqual({
        id: created[2].id,
        masterCode: 'YNB-2026-****C3',
        securityQuestion: 'ما اسم الحي؟',
        isActive: true,
        usageCount: 0,
        lastUsedAt: null,
        lastUsedBy: null,
        expiresAt: null,
        createdAt: expect.any(String),
      });
      expect(JSON.stringify((await get(path, { range: [0, 99] }).expect(200)).body)).not.toMatch(/LSTAA1|LSTBB2|LSTCC3/);
      const next = await get(path, { range: [2, 2] }).expect(200);
      expect(next.headers['content-range']).toBe(`items 2-2/${total}`);
      expect(ids(next.body)).toEqual([created[0].id]);
    });

    it('sorts by creation and number, and filters active or stopped codes', async () => {
      const oldest = await get(path, { sort: ['createdAt', 'ASC'], range: [0, 99] }).expect(200);
      const mine = ids(oldest.body).filter((id) => created.some((c) => c.id === id));
      expect(mine).toEqual(created.map((c) => c.id));
      const byId = await get(path, { sort: ['id', 'DESC'], range: [0, 0] }).expect(200);
      expect(ids(byId.body)).toEqual([Math.max(...created.map((c) => c.id))]);

      const stopped = await get(path, { filter: { isActive: false }, range: [0, 99] }).expect(200);
      expect(stopped.body.every((c: { isActive: boolean }) => !c.isActive)).toBe(true);
      expect(ids(stopped.body)).toContain(created[1].id);
      const active = await get(path, { filter: { isActive: true }, range: [0, 99] }).expect(200);
      const activeTotal = await count(`SELECT count(*)::int AS n FROM emergency_access_codes WHERE is_active`);
      expect(active.headers['content-range']).toMatch(new RegExp(`/${activeTotal}$`));
      expect(ids(active.body)).not.toContain(created[1].id);
    });

    it('refuses unknown sorts and filters and bad values in Arabic; administrators only', async () => {
      await expectBad(path, { sort: ['masterCode', 'ASC'] }, 'sort');
      await expectBad(path, { filter: { securityQuestion: 'ما' } }, 'filter');
      await expectBad(path, { filter: { isActive: 'false' } }, 'isActive');
      await expectBad(path, { range: [-1, 3] }, 'range');
      await expectBad(path, { filter: '{"isActive":' }, 'filter');
      await t.http.get(path).expect(401);
    });
  });
});
