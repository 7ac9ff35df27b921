import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { UserEntity } from '../../src/modules/security/entities/user.entity';
import { PasswordHasher } from '../../src/modules/security/passwords/password-hasher';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { ownDatabase } from '../support/own-database';
import { testState } from '../support/test-env';
import { consoleDriver, setVerification, waitFor } from './security-support';

const ARABIC = /[\u0600-\u06FF]/;
const ADMIN_NUMBERS = ['+966500000101', '+966500000102'];
const SAUDI = '212.26.18.1';
const EGYPT = '197.32.0.10';

interface PolicyRow {
  allowed_countries: string[];
  geo_alert_enabled: boolean;
  max_failed_attempts: number;
  freeze_duration_minutes: number;
}

/**
 * decisions.md "Security settings are editable": PATCH /api/security/settings checks the four fields
 * with Arabic messages, writes the one policy on every account's row, logs the change with before and
 * after, alerts every administrator number, and refuses a country list that would lock out the editor.
 */
describe('security settings', () => {
  let t: TestApp;
  let db: DataSource;
  let auth: { Authorization: string };

  // A database of its own: the policy is written on every account's row, and the log and alerts are
  // counted whole; other files' accounts, changes and alerts stay out of both ways.
  let own: Awaited<ReturnType<typeof ownDatabase>>;

  beforeAll(async () => {
    own = await ownDatabase('security_settings');
    t = await createTestApp({
      worker: true,
      env: {
        DATABASE_URL: own.url,
        REDIS_PREFIX: `${testState().redisPrefix}:security-settings`,
        TRUST_PROXY: 'true',
        ADMIN_WHATSAPP_NUMBERS: ADMIN_NUMBERS.join(','),
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        RATE_LIMIT_LOGIN_PER_USERNAME: '1000',
      },
    });
    db = t.app.get(DataSource);
    // Two accounts with rows, so "every row" means more than the editor's.
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'policy-editor')).token}` };
    await signInAdmin(t.app, 'policy-colleague');
    for (const username of ['policy-editor', 'policy-colleague'])
      await db.query(`INSERT INTO account_security_status (username) VALUES ($1) ON CONFLICT DO NOTHING`, [username]);
  });
  afterAll(async () => {
    await t?.close();
    await own?.drop();
  });

  const patch = (body: unknown, ip?: string) => {
    const call = t.http.patch('/api/security/settings').set(auth);
    return (ip ? call.set('x-forwarded-for', ip) : call).send(body as object);
  };
  const policies = async () =>
    (await db.query(
      `SELECT DISTINCT allowed_countries, geo_alert_enabled, max_failed_attempts, freeze_duration_minutes FROM account_security_status`,
    )) as PolicyRow[];
  const settingsLogs = async () =>
    (await db.query(
      `SELECT user_id, metadata, ip_address FROM activity_logs WHERE action = 'security_settings_updated' ORDER BY id`,
    )) as Array<{
      user_id: number;
      metadata: { changes: Record<string, { before: unknown; after: unknown }> };
      ip_address: string;
    }>;
  const settingsAlerts = async () =>
    (await db.query(
      `SELECT id, description, severity, username FROM security_alerts WHERE alert_type = 'settings_changed' ORDER BY id`,
    )) as Array<{
      id: number;
      description: string;
      severity: string;
      username: string;
    }>;

  it('is for signed-in administrators only', async () => {
    await t.http.patch('/api/security/settings').send({ maxFailedAttempts: 5 }).expect(401);
    await t.http.get('/api/security/settings').expect(401);
  });

  it('refuses bad values with an Arabic message on the field, and changes nothing', async () => {
    const before = await policies();
    const cases: Array<[object, string]> = [
      [{ allowedCountries: [] }, 'allowedCountries'],
      [{ allowedCountries: 'SA' }, 'allowedCountries'],
      [{ allowedCountries: null }, 'allowedCountries'],
      [{ allowedCountries: ['SA', 'XX'] }, 'allowedCountries'],
      [{ allowedCountries: ['SA', 'sa'] }, 'allowedCountries'],
      [{ allowedCountries: ['SA', 7] }, 'allowedCountries'],
      [{ geoAlertEnabled: 'yes' }, 'geoAlertEnabled'],
      [{ maxFailedAttempts: 2 }, 'maxFailedAttempts'],
      [{ maxFailedAttempts: 21 }, 'maxFailedAttempts'],
      [{ maxFailedAttempts: 3.5 }, 'maxFailedAttempts'],
      [{ maxFailedAttempts: '5' }, 'maxFailedAttempts'],
      [{ freezeDurationMinutes: 4 }, 'freezeDurationMinutes'],
      [{ freezeDurationMinutes: 1441 }, 'freezeDurationMinutes'],
      [{ freezeDurationMinutes: null }, 'freezeDurationMinutes'],
      [{ maxFailedAttempts: 5, isFrozen: false }, 'isFrozen'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(body).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors?.[field]).toMatch(ARABIC);
    }
    const empty = await patch({}).expect(400);
    expect(empty.body.message).toBe('لم يُرسل أي إعداد لتغييره');
    expect(await policies()).toEqual(before);
    expect(await settingsLogs()).toEqual([]);
    expect(await settingsAlerts()).toEqual([]);
  });

  it('refuses a country list that would lock out the editor, naming their country, and changes nothing', async () => {
    const before = await policies();
    const refused = await patch({ allowedCountries: ['SA', 'AE'] }, EGYPT).expect(409);
    expect(refused.body.code).toBe('SETTINGS_WOULD_LOCK_OUT');
    expect(refused.body.message).toContain('مصر');
    expect(refused.body.errors.allowedCountries).toBe(refused.body.message);
    expect(await policies()).toEqual(before);
    expect(await settingsAlerts()).toEqual([]);
  });

  it('saves a change on every account, logs it with before and after, and alerts every administrator number', async () => {
    const seen = new Set(
      consoleDriver(t)
        .recent()
        .map((m) => m.id),
    );
    const res = await patch({ allowedCountries: ['sa', 'AE', 'EG'], maxFailedAttempts: 5 }, EGYPT).expect(200);
    expect(res.body.message).toMatch(ARABIC);
    expect(res.body.settings).toEqual({
      allowedCountries: ['SA', 'AE', 'EG'],
      geoAlertEnabled: true,
      maxFailedAttempts: 5,
      freezeDurationMinutes: 30,
    });
    expect((await t.http.get('/api/security/settings').set(auth).expect(200)).body).toEqual(res.body.settings);
    expect(await policies()).toEqual([
      { allowed_countries: ['SA', 'AE', 'EG'], geo_alert_enabled: true, max_failed_attempts: 5, freeze_duration_minutes: 30 },
    ]);

    const [log] = await settingsLogs();
    const [editor] = (await db.query(`SELECT id FROM users WHERE username = 'policy-editor'`)) as [{ id: number }];
    expect(log).toEqual({
      user_id: editor.id,
      ip_address: EGYPT,
      metadata: {
        changes: {
          allowedCountries: { before: ['SA'], after: ['SA', 'AE', 'EG'] },
          maxFailedAttempts: { before: 3, after: 5 },
        },
      },
    });

    const [alert] = await settingsAlerts();
    expect(alert).toMatchObject({ severity: 'high', username: 'policy-editor' });
    expect(alert.description).toContain('الإمارات العربية المتحدة');
    expect(alert.description).toContain('من 3 إلى 5');
    const sent = await waitFor(() => {
      const messages = consoleDriver(t)
        .recent()
        .filter((m) => !seen.has(m.id) && m.templateKey === 'securityAlert' && m.text.includes('تغيير إعدادات الأمان'));
      return messages.length >= ADMIN_NUMBERS.length && messages;
    });
    expect(sent.map((m) => m.to).sort()).toEqual([...ADMIN_NUMBERS].sort());
    expect(sent[0].text).toContain('policy-editor');
  });

  it('alerts every change however soon after the last, and records nothing when nothing changes', async () => {
    await patch({ geoAlertEnabled: false, freezeDurationMinutes: 60 }).expect(200);
    await patch({ geoAlertEnabled: true }).expect(200);
    const same = await patch({ geoAlertEnabled: true, maxFailedAttempts: 5 }).expect(200);
    expect(same.body.message).toBe('لم يتغير شيء: الإعدادات كما هي');
    const alerts = await settingsAlerts();
    expect(alerts).toHaveLength(3);
    expect(alerts[1].description).toContain('أُوقف');
    expect(alerts[2].description).toContain('فُعّل');
    expect(await settingsLogs()).toHaveLength(3);
    // A private address (here the loopback) has no country: any list is allowed from it.
    await patch({ allowedCountries: ['SA', 'AE'] }).expect(200);
  });

  it('applies the policy to logins, also for an account whose status row is made after the change', async () => {
    await setVerification(t, false);
    const hash = await t.app.get(PasswordHasher).hash('Right-Pass-77');
    await db.getRepository(UserEntity).save({ username: 'policy-newcomer', password: hash, role: 'admin' });
    // Four wrong passwords: the old policy froze at three, the new one freezes at five.
    for (let i = 0; i < 4; i++)
      await t.http
        .post('/api/auth/login')
        .set('x-forwarded-for', SAUDI)
        .send({ username: 'policy-newcomer', password: `wrong-${i}` })
        .expect(401);
    const [row] = (await db.query(
      `SELECT allowed_countries, max_failed_attempts, freeze_duration_minutes, is_frozen FROM account_security_status WHERE username = 'policy-newcomer'`,
    )) as Array<PolicyRow & { is_frozen: boolean }>;
    expect(row).toEqual({ allowed_countries: ['SA', 'AE'], max_failed_attempts: 5, freeze_duration_minutes: 60, is_frozen: false });
    // Egypt was taken off the list: refused from there.
    await t.http
      .post('/api/auth/login')
      .set('x-forwarded-for', EGYPT)
      .send({ username: 'policy-newcomer', password: 'Right-Pass-77' })
      .expect(403);
    await setVerification(t, true);
  });
});
