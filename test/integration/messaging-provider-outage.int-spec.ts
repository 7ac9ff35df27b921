import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { UnitOfWork } from '../../src/modules/messaging/outbox/unit-of-work';
import { createTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { testState } from '../support/test-env';
import { TwilioDouble } from '../support/twilio-double';

const MINUTE = 60_000;

/**
 * The provider fails for ten minutes (the app's clock is advanced, not the test's): retries are bounded
 * by time, not by a count, so every message is sent once when it recovers; a login code that outlives
 * its five minutes is marked expired instead of arriving late; Retry-After is honoured.
 */
describe('a WhatsApp provider outage of ten minutes', () => {
  const clock = new FakeClock(new Date());
  let double: TwilioDouble;
  let t: TestApp;
  let db: DataSource;
  const alerts = Array.from({ length: 20 }, (_, i) => `+9665${String(91000000 + i)}`);
  const codeTo = '+966592000001';

  beforeAll(async () => {
    double = await new TwilioDouble().start();
    t = await createTestApp({
      worker: true,
      clock,
      env: {
        REDIS_PREFIX: `${testState().redisPrefix}:provider-outage`,
        WHATSAPP_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: double.accountSid,
        TWILIO_AUTH_TOKEN: double.authToken,
        TWILIO_FROM: 'whatsapp:+14155238886',
        TWILIO_BASE_URL: double.url,
        PUBLIC_BASE_URL: 'https://charity.example',
        WHATSAPP_RATE_PER_SECOND: '0',
      },
    });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await db?.query(`DELETE FROM assurance_notification_groups WHERE reason IN ('provider_outage_test', 'retry_after_test')`);
    await t?.close();
    await double?.stop();
  });

  const state = (to: string[]) =>
    db.query(
      `SELECT r.whatsapp, a.status, a.attempts, r.stop_reason FROM assurance_attempts a JOIN assurance_recipients r ON r.recipient_id = a.recipient_id
        WHERE r.whatsapp = ANY($1) ORDER BY r.whatsapp`,
      [to],
    ) as Promise<{ whatsapp: string; status: string; attempts: number; stop_reason: string | null }[]>;

  it('sends every message once after the outage and expires the login code instead of sending it late', async () => {
    double.defaultBehaviour = { kind: 'error', httpStatus: 500 };
    await t.app.get(UnitOfWork).run(async (tx) => {
      await tx.send({
        templateKey: 'securityAlert',
        recipients: alerts.map((whatsapp) => ({ whatsapp, role: 'admin' as const })),
        variables: { alertTitle: 'اختبار', username: 'admin', details: 'انقطاع المزود', ipAddress: '127.0.0.1', time: 'الآن' },
        reason: 'provider_outage_test',
      });
      await tx.send({
        templateKey: 'verificationCode',
        recipients: [{ whatsapp: codeTo, role: 'admin' }],
        variables: { code: '482913' },
        reason: 'provider_outage_test',
      });
    });
    const all = [...alerts, codeTo];
    await waitFor(async () => (await state(all)).every((r) => r.attempts >= 1 && r.status === 'queued') || null, 20_000, 'first tries');

    // Ten minutes of HTTP 500, a minute at a time: everything keeps being retried, nothing fails.
    for (let minute = 1; minute <= 10; minute++) {
      clock.advance(MINUTE);
      await new Promise((r) => setTimeout(r, 700));
    }
    const during = await state(alerts);
    expect(during.filter((r) => r.status === 'failed')).toEqual([]);
    expect(Math.max(...during.map((r) => r.attempts))).toBeGreaterThan(3);
    const [code] = await state([codeTo]);
    expect(code).toMatchObject({ status: 'failed', stop_reason: 'expired' });

    // The provider is back: after the longest backoff every alert goes out, once each.
    double.defaultBehaviour = { kind: 'accept' };
    clock.advance(11 * MINUTE);
    await waitFor(async () => (await state(alerts)).every((r) => r.status === 'sent') || null, 30_000, 'every alert sent');
    const accepted = double.messages.filter((m) => alerts.includes(m.to.replace('whatsapp:', '')));
    expect(accepted).toHaveLength(alerts.length);
    expect(new Set(accepted.map((m) => m.to)).size).toBe(alerts.length);
    expect(double.messages.filter((m) => m.to === `whatsapp:${codeTo}`)).toEqual([]);
  }, 90_000);

  it("waits as long as the provider's Retry-After asks before trying again", async () => {
    const to = '+966593000001';
    double.next({ kind: 'error', httpStatus: 429, code: 20429, retryAfter: '300' });
    const before = clock.now().getTime();
    await t.app.get(UnitOfWork).run((tx) =>
      tx.send({
        templateKey: 'securityAlert',
        recipients: [{ whatsapp: to, role: 'admin' }],
        variables: { alertTitle: 'اختبار', username: 'admin', details: 'Retry-After', ipAddress: '127.0.0.1', time: 'الآن' },
        reason: 'retry_after_test',
      }),
    );
    const [row] = await waitFor(
      async () => {
        const rows = await db.query(
          `SELECT a.status, a.next_attempt_at FROM assurance_attempts a JOIN assurance_recipients r ON r.recipient_id = a.recipient_id
            WHERE r.whatsapp = $1 AND a.attempts >= 1 AND a.status = 'queued'`,
          [to],
        );
        return rows.length ? rows : null;
      },
      20_000,
      'the 429 to be recorded',
    );
    expect(new Date(row.next_attempt_at).getTime() - before).toBeGreaterThanOrEqual(300_000);
    clock.advance(5 * MINUTE + 1_000);
    await waitFor(async () => (await state([to]))[0]?.status === 'sent' || null, 20_000, 'the retry after 5 minutes');
  }, 60_000);
});
