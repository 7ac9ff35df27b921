import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../../src/modules/security/passwords/password-hasher';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { codeAfter, createUser, setVerification } from './security-support';

const PASSWORD = 'Race-Password-1';

/** A wrong six-digit code, different for each index and never the real one. */
function wrongCode(real: string, i: number): string {
  const n = (Number(real) + 1 + i) % 1_000_000;
  return String(n).padStart(6, '0');
}

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

/**
 * Bursts sent all at once judge no more than the limits: code checks are counted by single atomic
 * statements before the code is compared, a code is used by one conditional statement, and a use
 * re-checks that the code is still active.
 */
describe('bursts of verification codes and emergency answers', () => {
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      env: {
        RATE_LIMIT_AUTH_PER_MINUTE: '10000',
        RATE_LIMIT_CODES_PER_ACCOUNT: '1000',
        RATE_LIMIT_LOGIN_PER_USERNAME: '1000',
        RATE_LIMIT_EMERGENCY_CODE_PER_15_MINUTES: '1000',
        TRUST_PROXY: 'true',
      },
    });
    db = t.app.get(DataSource);
    await setVerification(t, true);
  });
  afterAll(() => t.close());

  it('30 wrong login codes sent with the real one: at most 5 judged against the code, 10 for the account, one session at most', async () => {
    const user = await createUser(t, 'race.login', PASSWORD);
    const real = await codeAfter(t, () => t.http.post('/api/auth/login').send({ username: 'race.login', password: PASSWORD }).expect(200));
    const guesses = Array.from({ length: 30 }, (_, i) => wrongCode(real, i));
    guesses.splice(15, 0, real);
    const answers = await Promise.all(
      guesses.map((code, i) =>
        t.http
          .post('/api/auth/verify-login')
          .set('x-forwarded-for', `203.0.113.${i + 1}`)
          .send({ username: 'race.login', verificationCode: code }),
      ),
    );
    const statuses = tally(answers.map((a) => a.status));
    // Judged calls answer 200 or 401; the others are refused before any comparison (429).
    expect((statuses[200] ?? 0) + (statuses[401] ?? 0)).toBeLessThanOrEqual(10);
    expect(statuses[200] ?? 0).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => ![200, 401, 429].includes(a.status)).map((a) => [a.status, a.body])).toEqual([]);

    const [code] = await db.query(`SELECT is_used, failed_attempts FROM login_verification_codes WHERE username = 'race.login'`);
    expect(code.failed_attempts).toBeLessThanOrEqual(5);
    // Used up (by the session or by five wrong codes): a late failure never makes it usable again.
    expect(code.is_used).toBe(true);
    const [failures] = await db.query(
      `SELECT count(*)::int AS n FROM login_attempts WHERE username = 'race.login' AND failure_reason = 'invalid_verification_code'`,
    );
    expect(failures.n).toBeLessThanOrEqual(10);
    const [sessions] = await db.query(`SELECT count(*)::int AS n FROM admin_sessions WHERE user_id = $1`, [user.id]);
    expect(sessions.n).toBe(statuses[200] ?? 0);

    // The real code once more: never a second session.
    const again = await t.http.post('/api/auth/verify-login').send({ username: 'race.login', verificationCode: real });
    expect(again.status).not.toBe(200);
  });

  it('9 wrong emergency answers sent with the right one: at most 5 judged, and no session once the code is disabled', async () => {
    for (let round = 1; round <= 3; round++) {
      const owner = await signInAdmin(t.app, `race.owner${round}`);
      const created = await t.http
        .post('/api/admin/emergency-access-codes')
        .set('authorization', `Bearer ${owner.token}`)
        .send({ securityQuestion: 'ما اسم الحي؟', securityAnswer: 'الصواري' })
        .expect(201);
      const masterCode = created.body.masterCode as string;
      const answers = [...Array.from({ length: 9 }, (_, i) => `خطأ ${i}`), 'الصواري'];
      const replies = await Promise.all(
        answers.map((securityAnswer, i) =>
          t.http
            .post('/api/auth/emergency-access')
            .set('x-forwarded-for', `198.51.100.${round * 10 + i}`)
            .send({ masterCode, securityAnswer }),
        ),
      );
      const opened = replies.filter((r) => r.status === 200);
      expect(opened.length).toBeLessThanOrEqual(1);
      expect(replies.every((r) => r.status === 200 || r.status === 401)).toBe(true);

      const [code] = await db.query(`SELECT failed_attempts, is_active, usage_count FROM emergency_access_codes WHERE id = $1`, [
        created.body.id,
      ]);
      expect(code.failed_attempts).toBeLessThanOrEqual(5);
      expect(code.usage_count).toBe(opened.length);
      const [sessions] = await db.query(`SELECT count(*)::int AS n FROM admin_sessions WHERE user_id = $1 AND is_emergency`, [
        owner.userId,
      ]);
      expect(sessions.n).toBe(opened.length);

      // The access and the disabling are both alerted; a session may only come before the disabling.
      const alerts: { id: number; description: string }[] = await db.query(
        `SELECT id, description FROM security_alerts WHERE alert_type = 'security_breach' AND (metadata->>'emergencyCodeId')::int = $1 ORDER BY id`,
        [created.body.id],
      );
      const access = alerts.filter((a) => a.description.includes('دخول طارئ'));
      const disabled = alerts.filter((a) => a.description.includes('تعطيل'));
      expect(access).toHaveLength(opened.length);
      expect(disabled.length).toBeLessThanOrEqual(1);
      expect(disabled.length).toBe(code.is_active ? 0 : 1);
      if (access.length && disabled.length) expect(access[0].id).toBeLessThan(disabled[0].id);
    }
  });

  it('40 reset codes sent at once: at most 10 judged, the rest refused, the password unchanged', async () => {
    await createUser(t, 'race.reset', PASSWORD);
    const real = await codeAfter(t, () => t.http.post('/api/auth/reset-password').send({ username: 'race.reset' }).expect(200));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.http
          .post('/api/auth/confirm-reset')
          .set('x-forwarded-for', `192.0.2.${i + 1}`)
          .send({ username: 'race.reset', verificationCode: wrongCode(real, i), newPassword: 'attacker-password-9' }),
      ),
    );
    const statuses = tally(answers.map((a) => a.status));
    expect(statuses[401] ?? 0).toBeLessThanOrEqual(10);
    expect((statuses[401] ?? 0) + (statuses[429] ?? 0)).toBe(40);
    const [failures] = await db.query(
      `SELECT count(*)::int AS n FROM login_attempts WHERE username = 'race.reset' AND failure_reason = 'invalid_verification_code'`,
    );
    expect(failures.n).toBeLessThanOrEqual(10);
    const [request] = await db.query(
      `SELECT p.failed_attempts, p.is_used FROM password_change_requests p JOIN users u ON u.id = p.user_id WHERE u.username = 'race.reset'`,
    );
    expect(request.failed_attempts).toBeLessThanOrEqual(5);
    const [row] = await db.query(`SELECT password FROM users WHERE username = 'race.reset'`);
    expect(await t.app.get(PasswordHasher).verify(row.password, PASSWORD)).toBe(true);
  });
});
