import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { createTestApp, TestApp } from '../support/test-app';
import { AccountSecurityStatusEntity } from '../../src/modules/security/entities/account-security-status.entity';
import { consoleDriver, createUser, MINUTE, setVerification } from './security-support';

/** Failed logins no longer flood the administrators: one alert per account and reason per 15 minutes. */
describe('security alert cooldown', () => {
  const clock = new FakeClock(new Date());
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      clock,
      env: { RATE_LIMIT_AUTH_PER_MINUTE: '1000', RATE_LIMIT_LOGIN_PER_USERNAME: '1000' },
    });
    db = t.app.get(DataSource);
    await setVerification(t, true);
    // An account that does not freeze within the test, so every wrong password reaches the alert.
    await createUser(t, 'cooldown.user', 'Correct-Pass-1');
    await db.getRepository(AccountSecurityStatusEntity).update({ username: 'cooldown.user' }, { maxFailedAttempts: 100 });
  });
  afterAll(() => t.close());

  const alertMessages = () =>
    consoleDriver(t)
      .recent()
      .filter((m) => m.templateKey === 'securityAlert' && m.text.includes('cooldown.user'));

  it('sends one failed-login alert in 15 minutes however many failures, then one carrying the count', async () => {
    for (let i = 0; i < 12; i++)
      await t.http
        .post('/api/auth/login')
        .send({ username: 'cooldown.user', password: `wrong-${i}` })
        .expect(401);
    const rows = await db.query(
      `SELECT metadata FROM security_alerts WHERE username = 'cooldown.user' AND alert_type = 'failed_login' ORDER BY id`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].metadata.repeats).toBeGreaterThan(5);
    const repeats = rows[0].metadata.repeats as number;

    clock.advance(16 * MINUTE);
    await t.http.post('/api/auth/login').send({ username: 'cooldown.user', password: 'wrong-again' }).expect(401);
    await t.http.post('/api/auth/login').send({ username: 'cooldown.user', password: 'wrong-again-2' }).expect(401);
    await t.http.post('/api/auth/login').send({ username: 'cooldown.user', password: 'wrong-again-3' }).expect(401);
    const after = await db.query(
      `SELECT metadata FROM security_alerts WHERE username = 'cooldown.user' AND alert_type = 'failed_login' ORDER BY id`,
    );
    expect(after).toHaveLength(2);
    expect(after[1].metadata.repeatsBefore).toBe(repeats);
    await new Promise((r) => setTimeout(r, 1_500));
    const sent = alertMessages();
    expect(sent.length).toBeLessThanOrEqual(2 * 2); // two alerts, to at most two administrator numbers each
    expect(sent.some((m) => m.text.includes(`تكرر ${repeats} مرة`))).toBe(true);
  });
});
