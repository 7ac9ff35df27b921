import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { PasswordHasher } from '../../src/modules/security/passwords/password-hasher';
import { createTestApp, TestApp } from '../support/test-app';
import { codeAfter, consoleDriver, createUser, MINUTE, seenMessages, setVerification } from './security-support';

const PASSWORD = 'old-password-1';
const ARABIC = /[\u0600-\u06FF]/;

/**
 * Password-reset codes cannot be brute-forced: wrong codes count per account across codes and
 * addresses; 10 in 30 minutes block the account's code checks for 30 minutes with one alert, and an
 * account gets at most 3 codes per 15 minutes.
 */
describe('brute force of verification codes', () => {
  const clock = new FakeClock(new Date());
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp({ worker: true, clock, env: { RATE_LIMIT_AUTH_PER_MINUTE: '1000', TRUST_PROXY: 'true' } });
    db = t.app.get(DataSource);
    await createUser(t, 'guard.sara', PASSWORD);
    await createUser(t, 'guard.noura', PASSWORD);
    await setVerification(t, true);
  });
  afterAll(() => t.close());

  const confirm = (username: string, code: string, ip: string) =>
    t.http
      .post('/api/auth/confirm-reset')
      .set('X-Forwarded-For', ip)
      .send({ username, verificationCode: code, newPassword: 'attacker-password-9' });
  const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

  it('blocks the reset after 10 wrong codes across fresh codes and addresses, even with the right code, and alerts once', async () => {
    const first = await codeAfter(t, () => t.http.post('/api/auth/reset-password').send({ username: 'guard.sara' }).expect(200));
    for (let i = 0; i < 5; i++) await confirm('guard.sara', wrong(first), `203.0.113.${i}`).expect(401);
    const second = await codeAfter(t, () => t.http.post('/api/auth/reset-password').send({ username: 'guard.sara' }).expect(200));
    for (let i = 0; i < 5; i++) await confirm('guard.sara', wrong(second), `198.51.100.${i}`).expect(401);
    const third = await codeAfter(t, () => t.http.post('/api/auth/reset-password').send({ username: 'guard.sara' }).expect(200));

    const blocked = await confirm('guard.sara', third, '192.0.2.1').expect(429);
    expect(blocked.body.code).toBe('CODE_CHECKS_BLOCKED');
    expect(blocked.body.message).toMatch(ARABIC);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(25 * 60);
    // The password did not change.
    const [user] = await db.query(`SELECT password FROM users WHERE username = 'guard.sara'`);
    expect(await t.app.get(PasswordHasher).verify(user.password, PASSWORD)).toBe(true);
    // A login would need a fourth code within 15 minutes: refused too, in Arabic.
    const login = await t.http.post('/api/auth/login').send({ username: 'guard.sara', password: PASSWORD }).expect(429);
    expect([login.body.code, ARABIC.test(login.body.message)]).toEqual(['TOO_MANY_CODES', true]);

    const failures = await db.query(
      `SELECT count(*)::int AS n FROM login_attempts WHERE username = 'guard.sara' AND failure_reason = 'invalid_verification_code'`,
    );
    expect(failures[0].n).toBe(10);
    const alerts = await db.query(
      `SELECT alert_type, severity FROM security_alerts WHERE username = 'guard.sara' AND alert_type = 'code_attempts'`,
    );
    expect(alerts).toEqual([{ alert_type: 'code_attempts', severity: 'high' }]);
  });

  it('sends no fourth code within 15 minutes, with the same answer', async () => {
    const seen = seenMessages(t);
    const answer = await t.http.post('/api/auth/reset-password').send({ username: 'guard.sara' }).expect(200);
    expect(answer.body.message).toMatch(ARABIC);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(
      consoleDriver(t)
        .recent()
        .filter((m) => m.templateKey === 'verificationCode' && !seen.has(m.id)),
    ).toEqual([]);
  });

  it('opens again after 30 minutes: a fresh code resets the password', async () => {
    clock.advance(31 * MINUTE);
    const code = await codeAfter(t, () => t.http.post('/api/auth/reset-password').send({ username: 'guard.sara' }).expect(200));
    await confirm('guard.sara', code, '192.0.2.1').expect(200);
    await t.http.post('/api/auth/login').send({ username: 'guard.sara', password: 'attacker-password-9' }).expect(200);
  });

  it('counts wrong login codes too, and answers an unknown username the same way', async () => {
    for (let i = 0; i < 10; i++) await confirm('nobody.here', '123456', `203.0.113.${i}`).expect(401);
    const unknown = await confirm('nobody.here', '123456', '203.0.113.99').expect(429);
    expect(unknown.body.code).toBe('CODE_CHECKS_BLOCKED');

    const code = await codeAfter(t, () => t.http.post('/api/auth/login').send({ username: 'guard.noura', password: PASSWORD }).expect(200));
    for (let i = 0; i < 10; i++)
      await t.http
        .post('/api/auth/verify-login')
        .send({ username: 'guard.noura', verificationCode: wrong(code) })
        .expect(401);
    const right = await t.http.post('/api/auth/verify-login').send({ username: 'guard.noura', verificationCode: code }).expect(429);
    expect(right.body.code).toBe('CODE_CHECKS_BLOCKED');
  });
});
