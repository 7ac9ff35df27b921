import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { AccountSecurityStatusEntity } from '../../src/modules/security/entities/account-security-status.entity';
import { SecurityAlertEntity } from '../../src/modules/security/entities/security-alert.entity';
import { riyadhDateString } from '../../src/shared/time';
import { createTestApp, TestApp } from '../support/test-app';
import { codeAfter, consoleDriver, createUser, MINUTE, nextMessage, seenMessages, setVerification } from './security-support';

const ARABIC = /[\u0600-\u06FF]/;
const PASSWORD = 'Sidr-Tree-2026';

describe('emergency access, password reset and change, geo-IP, toggles, and no secret at rest', () => {
  let t: TestApp;
  let db: DataSource;
  const secrets: string[] = [PASSWORD];

  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      env: {
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        RATE_LIMIT_CODES_PER_ACCOUNT: '1000',
        RATE_LIMIT_LOGIN_PER_USERNAME: '1000',
        TRUST_PROXY: 'true',
      },
    });
    db = t.app.get(DataSource);
    await createUser(t, 'huda', PASSWORD);
    await createUser(t, 'traveller', PASSWORD);
    await setVerification(t, true);
  });
  afterAll(async () => {
    await setVerification(t, true);
    await t.close();
  });

  async function signIn(username: string, password: string, xff = '10.1.2.3'): Promise<string> {
    const code = await codeAfter(t, () =>
      t.http.post('/api/auth/login').set('x-forwarded-for', xff).send({ username, password }).expect(200),
    );
    secrets.push(code);
    const res = await t.http
      .post('/api/auth/verify-login')
      .set('x-forwarded-for', xff)
      .send({ username, verificationCode: code })
      .expect(200);
    secrets.push(res.body.token);
    return res.body.token as string;
  }

  it('creates an emergency code shown once, then opens a one-hour session with it and alerts every administrator', async () => {
    const token = await signIn('huda', PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const created = await t.http
      .post('/api/admin/emergency-access-codes')
      .set(auth)
      .send({ securityQuestion: 'ما اسم أول مدرسة؟', securityAnswer: '  Al-Noor School ' })
      .expect(201);
    const masterCode = created.body.masterCode as string;
    secrets.push(masterCode, 'Al-Noor School', 'al-noor school');
    // The year in Riyadh, as the service writes it (from 21:00 UTC on 31 December it is already the next).
    expect(masterCode).toMatch(new RegExp(`^YNB-${riyadhDateString(t.clock.now()).slice(0, 4)}-[A-Z0-9]{6}$`));
    expect(created.body).toMatchObject({ id: expect.any(Number), securityQuestion: 'ما اسم أول مدرسة؟', isActive: true, usageCount: 0 });

    const list = await t.http.get('/api/admin/emergency-access-codes').query({ range: '[0,9]' }).set(auth).expect(200);
    expect(list.headers['content-range']).toMatch(/^items 0-\d+\/\d+$/);
    const listed = list.body.find((c: { id: number }) => c.id === created.body.id);
    expect(listed.masterCode).toBe(`${masterCode.slice(0, 9)}****${masterCode.slice(-2)}`);
    expect(JSON.stringify(list.body)).not.toContain(masterCode);

    expect((await t.http.post('/api/auth/emergency-question').send({ masterCode }).expect(200)).body).toEqual({
      isActive: true,
      securityQuestion: 'ما اسم أول مدرسة؟',
    });
    expect((await t.http.post('/api/auth/emergency-question').send({ masterCode: 'YNB-2020-ZZZZZZ' }).expect(200)).body).toEqual({
      isActive: false,
      securityQuestion: null,
    });
    const wrong = await t.http.post('/api/auth/emergency-access').send({ masterCode, securityAnswer: 'other' }).expect(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_EMERGENCY_CODE', message: expect.stringMatching(ARABIC) });

    const seen = seenMessages(t);
    const access = await t.http
      .post('/api/auth/emergency-access')
      .set('x-forwarded-for', '10.9.8.7')
      .send({ masterCode: masterCode.toLowerCase(), securityAnswer: 'AL-NOOR   school' })
      .expect(200);
    secrets.push(access.body.token);
    expect(access.body).toEqual({
      token: expect.any(String),
      user: { id: expect.any(Number), username: 'huda', role: 'admin' },
      expiresAt: new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString(),
    });
    const alert = await nextMessage(t, seen, 'securityAlert');
    expect(alert.text).toContain('دخول طارئ');
    const used = (await t.http.get('/api/admin/emergency-access-codes').set(auth).expect(200)).body.find(
      (c: { id: number }) => c.id === created.body.id,
    );
    expect(used).toMatchObject({ usageCount: 1, lastUsedBy: 'huda', lastUsedAt: expect.any(String) });

    const emergencyAuth = { authorization: `Bearer ${access.body.token}` };
    t.clock.advance(59 * MINUTE);
    await t.http.get('/api/auth/verify').set(emergencyAuth).expect(200);
    t.clock.advance(2 * MINUTE);
    await t.http.get('/api/auth/verify').set(emergencyAuth).expect(401);

    const fresh = await signIn('huda', PASSWORD);
    const freshAuth = { authorization: `Bearer ${fresh}` };
    await t.http.patch(`/api/admin/emergency-access-codes/${created.body.id}`).set(freshAuth).send({ isActive: false }).expect(200);
    expect((await t.http.post('/api/auth/emergency-question').send({ masterCode }).expect(200)).body.isActive).toBe(false);
    await t.http.delete(`/api/admin/emergency-access-codes/${created.body.id}`).set(freshAuth).expect(200, { success: true });
    await t.http.delete(`/api/admin/emergency-access-codes/${created.body.id}`).set(freshAuth).expect(404);
    const invalid = await t.http.post('/api/admin/emergency-access-codes').set(freshAuth).send({ securityQuestion: '' }).expect(400);
    expect(invalid.body.errors.securityQuestion).toMatch(ARABIC);
  });

  it('disables an emergency code after 5 wrong answers with one alert, logs every try, and limits tries per code', async () => {
    const token = await signIn('huda', PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const create = async () =>
      (
        await t.http
          .post('/api/admin/emergency-access-codes')
          .set(auth)
          .send({ securityQuestion: 'ما لون الباب؟', securityAnswer: 'أخضر' })
          .expect(201)
      ).body as { id: number; masterCode: string };
    const code = await create();
    secrets.push(code.masterCode);
    for (let i = 1; i <= 5; i++) {
      await t.http
        .post('/api/auth/emergency-access')
        .set('x-forwarded-for', `10.7.0.${i}`)
        .send({ masterCode: code.masterCode, securityAnswer: `خطأ ${i}` })
        .expect(401);
      if (i >= 4) {
        const { isActive } = (await t.http.post('/api/auth/emergency-question').send({ masterCode: code.masterCode }).expect(200)).body;
        expect(isActive).toBe(i < 5);
      }
    }
    // Disabled: even the right answer no longer opens a session.
    await t.http.post('/api/auth/emergency-access').send({ masterCode: code.masterCode, securityAnswer: 'أخضر' }).expect(401);
    const alerts = await db.getRepository(SecurityAlertEntity).find({ where: { alertType: 'security_breach' } });
    const disabled = alerts.filter((a) => (a.metadata as { emergencyCodeId?: number } | null)?.emergencyCodeId === code.id);
    expect(disabled).toHaveLength(1);
    expect(disabled[0].description).toContain('تعطيل رمز الطوارئ');
    const tries = await db.query(
      `SELECT count(*)::int AS n FROM login_attempts WHERE username = 'huda' AND failure_reason = 'invalid_emergency_answer'`,
    );
    expect(tries[0].n).toBeGreaterThanOrEqual(6);
    await t.http.post('/api/auth/emergency-access').send({ masterCode: 'YNB-2020-QQQQQQ', securityAnswer: 'x' }).expect(401);
    const unknown = await db.query(`SELECT count(*)::int AS n FROM login_attempts WHERE failure_reason = 'invalid_emergency_code'`);
    expect(unknown[0].n).toBeGreaterThanOrEqual(1);

    // Ten calls per code in 15 minutes, whichever addresses they come from.
    const other = await create();
    secrets.push(other.masterCode);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await t.http.post('/api/auth/emergency-question').set('x-forwarded-for', `10.8.0.${i}`).send({ masterCode: other.masterCode }))
          .status,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('resets a password without telling whether the user exists, and ends that user’s sessions', async () => {
    const session = await signIn('huda', PASSWORD);
    const seen = seenMessages(t);
    const unknown = await t.http.post('/api/auth/reset-password').send({ username: 'ghost' }).expect(200);
    const known = await t.http.post('/api/auth/reset-password').send({ username: 'HUDA' }).expect(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: expect.stringMatching(ARABIC) });
    const message = await nextMessage(t, seen, 'verificationCode');
    const code = message.variables[0];
    secrets.push(code);
    // Only the real user's request produced a code.
    expect(
      consoleDriver(t)
        .recent()
        .filter((m) => !seen.has(m.id) && m.templateKey === 'verificationCode'),
    ).toHaveLength(1);

    const weak = await t.http
      .post('/api/auth/confirm-reset')
      .send({ username: 'huda', verificationCode: code, newPassword: '123456' })
      .expect(400);
    expect(weak.body.errors).toEqual({ newPassword: expect.stringMatching(ARABIC) });
    const short = await t.http
      .post('/api/auth/confirm-reset')
      .send({ username: 'huda', verificationCode: code, newPassword: 'ab1' })
      .expect(400);
    expect(short.body.errors.newPassword).toBe('كلمة المرور يجب أن تكون 6 أحرف على الأقل');
    const ghost = await t.http
      .post('/api/auth/confirm-reset')
      .send({ username: 'ghost', verificationCode: code, newPassword: 'Reset-Pass-11' })
      .expect(401);
    expect(ghost.body.code).toBe('INVALID_VERIFICATION_CODE');

    const done = await t.http
      .post('/api/auth/confirm-reset')
      .send({ username: 'huda', verificationCode: code, newPassword: 'Reset-Pass-11' })
      .expect(200);
    expect(done.body).toEqual({ success: true, message: expect.stringMatching(ARABIC) });
    secrets.push('Reset-Pass-11');
    await t.http.get('/api/auth/verify').set('authorization', `Bearer ${session}`).expect(401);
    await t.http
      .post('/api/auth/confirm-reset')
      .send({ username: 'huda', verificationCode: code, newPassword: 'Another-Pass-12' })
      .expect(401);
    await t.http.post('/api/auth/login').send({ username: 'huda', password: PASSWORD }).expect(401);
    await signIn('huda', 'Reset-Pass-11');
  });

  it('changes the password with a code and ends the other sessions only', async () => {
    const mine = await signIn('huda', 'Reset-Pass-11');
    const other = await signIn('huda', 'Reset-Pass-11');
    const weak = await t.http
      .post('/api/admin/request-password-change')
      .set('authorization', `Bearer ${mine}`)
      .send({ newPassword: 'password' })
      .expect(400);
    expect(weak.body.errors.newPassword).toMatch(ARABIC);
    const code = await codeAfter(t, async () => {
      const res = await t.http
        .post('/api/admin/request-password-change')
        .set('authorization', `Bearer ${mine}`)
        .send({ newPassword: 'Changed-Pass-33' })
        .expect(200);
      expect(res.body).toEqual({ requiresVerification: true, message: expect.stringMatching(ARABIC) });
    });
    secrets.push(code, 'Changed-Pass-33');
    await t.http
      .post('/api/admin/confirm-password-change')
      .set('authorization', `Bearer ${mine}`)
      .send({ verificationCode: '000000' === code ? '111111' : '000000' })
      .expect(401);
    const done = await t.http
      .post('/api/admin/confirm-password-change')
      .set('authorization', `Bearer ${mine}`)
      .send({ verificationCode: code })
      .expect(200);
    expect(done.body).toEqual({ success: true, message: expect.stringMatching(ARABIC) });
    await t.http.get('/api/auth/verify').set('authorization', `Bearer ${other}`).expect(401);
    await t.http.get('/api/auth/verify').set('authorization', `Bearer ${mine}`).expect(200);
    await signIn('huda', 'Changed-Pass-33');
  });

  it('blocks a login from a country outside the allowed list, via X-Forwarded-For with TRUST_PROXY', async () => {
    const blocked = await t.http
      .post('/api/auth/login')
      .set('x-forwarded-for', '8.8.8.8')
      .send({ username: 'traveller', password: PASSWORD })
      .expect(403);
    expect(blocked.body).toMatchObject({ code: 'GEO_BLOCKED', message: expect.stringMatching(ARABIC) });
    // A client cannot choose its address by writing a Saudi one first: with one trusted hop the
    // client is the right-most address, the one our proxy saw.
    const forged = await t.http
      .post('/api/auth/login')
      .set('x-forwarded-for', '212.26.0.1, 8.8.8.8')
      .send({ username: 'traveller', password: PASSWORD })
      .expect(403);
    expect(forged.body.code).toBe('GEO_BLOCKED');
    // A username that is no account gets the same answer from abroad: it tells nobody which names exist.
    const stranger = await t.http
      .post('/api/auth/login')
      .set('x-forwarded-for', '8.8.8.8')
      .send({ username: 'no.such.traveller', password: PASSWORD })
      .expect(403);
    expect(stranger.body).toEqual(blocked.body);
    const token = await signIn('huda', 'Changed-Pass-33');
    const attempts = await t.http
      .get('/api/security/login-attempts')
      .query({ filter: JSON.stringify({ q: 'traveller', success: false }), range: '[0,49]' })
      .set('authorization', `Bearer ${token}`)
      .expect(200);
    expect(attempts.body.find((a: { username: string }) => a.username === 'traveller')).toMatchObject({
      success: false,
      failureReason: 'geo_blocked',
      ipAddress: '8.8.8.8',
      countryCode: 'US',
      country: expect.stringMatching(ARABIC),
    });
    const alert = await db.getRepository(SecurityAlertEntity).findOneOrFail({ where: { username: 'traveller', alertType: 'geo_block' } });
    expect(alert).toMatchObject({ severity: 'high', countryCode: 'US' });

    // Saudi and private addresses pass; a newly allowed country raises a geo_alert once.
    await signIn('traveller', PASSWORD, '212.26.18.1');
    await db.getRepository(AccountSecurityStatusEntity).update({ username: 'traveller' }, { allowedCountries: ['SA', 'US'] });
    await signIn('traveller', PASSWORD, '8.8.8.8');
    await signIn('traveller', PASSWORD, '8.8.8.8');
    const geoAlerts = await db.getRepository(SecurityAlertEntity).find({ where: { username: 'traveller', alertType: 'geo_alert' } });
    expect(geoAlerts.map((a) => a.countryCode).sort()).toEqual(['SA', 'US']);
  });

  it('toggles the site block and the verification setting, with activity log rows', async () => {
    const token = await signIn('huda', 'Changed-Pass-33');
    const auth = { authorization: `Bearer ${token}` };
    const blocked = await t.http.post('/api/system/toggle-site-block').set(auth).send({ reason: 'صيانة مجدولة' }).expect(200);
    expect(blocked.body).toEqual({ blocked: true, message: expect.stringMatching(ARABIC) });
    const status = await t.http.get('/api/system/site-blocked').expect(200);
    // updatedAt is the time of the change (the app's clock), so the dashboard can say since when.
    expect(status.body).toEqual({ blocked: true, setting: { description: 'صيانة مجدولة', updatedAt: t.clock.now().toISOString() } });
    const open = await t.http.post('/api/system/toggle-site-block').set(auth).send({ reason: 'تم إلغاء حظر الموقع' }).expect(200);
    expect(open.body.blocked).toBe(false);
    expect((await t.http.get('/api/system/site-blocked').expect(200)).body.blocked).toBe(false);

    const off = await t.http.post('/api/system/toggle-verification').set(auth).expect(200);
    expect(off.body).toEqual({ enabled: false, message: expect.stringMatching(ARABIC) });
    const settings = await t.http.get('/api/system/settings').set(auth).expect(200);
    expect(settings.body.find((s: { key: string }) => s.key === 'admin_verification_required')).toEqual({
      key: 'admin_verification_required',
      value: 'false',
      description: expect.stringMatching(ARABIC),
      updatedAt: expect.any(String),
    });
    const direct = await t.http.post('/api/auth/login').send({ username: 'huda', password: 'Changed-Pass-33' }).expect(200);
    expect(direct.body.requiresVerification).toBe(false);
    secrets.push(direct.body.token);
    const on = await t.http.post('/api/system/toggle-verification').set(auth).expect(200);
    expect(on.body.enabled).toBe(true);
    const logs: { action: string }[] = await db.query(`SELECT action FROM activity_logs WHERE entity_type = 'system_setting' ORDER BY id`);
    expect(logs.map((l) => l.action)).toEqual(
      expect.arrayContaining(['site_blocked', 'site_unblocked', 'verification_disabled', 'verification_enabled']),
    );
  });

  it('keeps every code, password, token and answer out of the log and out of the database in plain text', async () => {
    const log = t.logLines.join('\n');
    const tables = [
      'users',
      'admin_sessions',
      'login_verification_codes',
      'password_change_requests',
      'emergency_access_codes',
      'login_attempts',
      'security_alerts',
      'activity_logs',
      'assurance_attempts',
      'assurance_notification_groups',
      'assurance_events',
      'notification_logs',
      'system_settings',
    ];
    const dump: string[] = [];
    for (const table of tables) {
      const rows: { row: string }[] = await db.query(`SELECT row_to_json(x)::text AS row FROM ${table} x`);
      dump.push(...rows.map((r) => r.row));
    }
    const everything = dump.join('\n');
    expect(secrets.length).toBeGreaterThan(15);
    // A secret standing on its own, not six digits that happen to sit inside a longer hash or id.
    const standsAlone = (text: string, secret: string) =>
      new RegExp(`(?<![A-Za-z0-9])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9])`).test(text);
    const leaked = secrets.filter((s) => standsAlone(log, s) || standsAlone(everything, s));
    expect(leaked).toEqual([]);
  });
});
