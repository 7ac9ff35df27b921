import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import type { FailedMessages } from '../../src/shared/delivery';
import { forgetMessages } from '../support/outbox';
import { signInAdmin } from '../support/admin-session';
import { FakeClock } from '../../src/common/clock/clock';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { createTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { testState } from '../support/test-env';
import { TwilioDouble } from '../support/twilio-double';

const MINUTE = 60_000;

/**
 * The provider fails for ten minutes (the app's clock is advanced, not the test's): after a few faults
 * sending pauses (the circuit) and one message probes now and then, so the outage costs a handful of
 * calls, not one per message per try; one operations alert when it pauses and one when it resumes;
 * every message is sent once when it recovers; a login code that outlives its five minutes is marked
 * expired instead of arriving late; Retry-After is honoured.
 */
describe('a WhatsApp provider outage of ten minutes', () => {
  const clock = new FakeClock(new Date());
  let double: TwilioDouble;
  let t: TestApp;
  let db: DataSource;
  const alerts = Array.from({ length: 20 }, (_, i) => `+9665${String(91000000 + i)}`);
  const codeTo = '+966592000001';
  const opsAlerts: { event: string; text: string }[] = [];
  let opsWebhook: Server;
  let auth: { Authorization: string };

  beforeAll(async () => {
    double = await new TwilioDouble().start();
    // The operations webhook (a chat channel's incoming hook in production).
    opsWebhook = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        opsAlerts.push(JSON.parse(body));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => opsWebhook.listen(0, '127.0.0.1', r));
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
        OUTBOX_SWEEP_INTERVAL_MS: '200',
        OPS_ALERT_WEBHOOK_URL: `http://127.0.0.1:${(opsWebhook.address() as AddressInfo).port}/hook`,
      },
    });
    db = t.app.get(DataSource);
    auth = { Authorization: `Bearer ${(await signInAdmin(t.app, 'outage-admin')).token}` };
  });
  afterAll(async () => {
    try {
      if (db) await forgetMessages(db, `g.reason IN ('provider_outage_test', 'retry_after_test')`);
    } finally {
      await t?.close();
    }
    await double?.stop();
    await new Promise((r) => opsWebhook?.close(r));
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
    await waitFor(async () => (await state(all)).some((r) => r.attempts >= 1) || null, 20_000, 'first tries');
    const pauseOf = async () => ((await t.http.get('/api/admin/messages/failed').set(auth).expect(200)).body as FailedMessages).pause;
    await waitFor(async () => (await pauseOf()).paused || null, 20_000, 'sending to pause');
    const callsAtPause = double.requests.filter((r) => r.method === 'POST').length;

    // Ten minutes of HTTP 500, a minute at a time: nothing fails, and only probes reach the provider.
    for (let minute = 1; minute <= 10; minute++) {
      clock.advance(MINUTE);
      await new Promise((r) => setTimeout(r, 700));
    }
    const during = await state(alerts);
    expect(during.filter((r) => r.status === 'failed')).toEqual([]);
    const calls = double.requests.filter((r) => r.method === 'POST').length;
    // At most the threshold and the sends in flight before the pause, then one probe per pause (30 s doubling to 2 min).
    expect(callsAtPause).toBeLessThanOrEqual(5 + 5);
    expect(calls - callsAtPause).toBeGreaterThanOrEqual(2);
    expect(calls - callsAtPause).toBeLessThanOrEqual(10);
    const pause = await pauseOf();
    expect(pause).toMatchObject({ paused: true, lastError: expect.stringContaining('500') });
    const health = (await t.http.get('/api/admin/health').set(auth).expect(200)).body;
    expect(health.checks.delivery).toBe('paused');
    const [code] = await state([codeTo]);
    expect(code).toMatchObject({ status: 'failed', stop_reason: 'expired' });
    expect(opsAlerts.map((a) => a.event)).toEqual(['whatsapp_delivery_paused']);
    expect(opsAlerts[0].text).toMatch(/توقف إرسال رسائل واتساب/);

    // The provider is back: the next probe (at most two minutes away) goes through, sending resumes, and
    // every alert goes out once, also those whose own backoff after a failed probe ran past that.
    double.defaultBehaviour = { kind: 'accept' };
    clock.advance(2 * MINUTE + 5_000);
    await waitFor(async () => (await state(alerts)).every((r) => r.status === 'sent') || null, 30_000, 'every alert sent').catch(
      async (error: unknown) => {
        // What was left, for whoever reads a failed run: each message's state and the circuit.
        const left = await db.query(
          `SELECT r.whatsapp, a.status, a.attempts, a.claims, a.next_attempt_at, a.provider_error_message FROM assurance_attempts a
             JOIN assurance_recipients r ON r.recipient_id = a.recipient_id WHERE r.whatsapp = ANY($1) AND a.status <> 'sent'`,
          [alerts],
        );
        const circuit = await db.query(`SELECT * FROM delivery_circuit`);
        process.stdout.write(`app clock ${clock.now().toISOString()}\n${JSON.stringify({ left, circuit }, null, 1)}\n`);
        throw error;
      },
    );
    const accepted = double.messages.filter((m) => alerts.includes(m.to.replace('whatsapp:', '')));
    expect(accepted).toHaveLength(alerts.length);
    expect(new Set(accepted.map((m) => m.to)).size).toBe(alerts.length);
    expect(double.messages.filter((m) => m.to === `whatsapp:${codeTo}`)).toEqual([]);
    expect((await pauseOf()).paused).toBe(false);
    await waitFor(async () => opsAlerts.length === 2 || null, 5_000, 'the resumed alert');
    expect(opsAlerts.map((a) => a.event)).toEqual(['whatsapp_delivery_paused', 'whatsapp_delivery_resumed']);
    process.stdout.write(`provider outage: ${callsAtPause} calls before the pause, ${calls - callsAtPause} probes in ten minutes\n`);
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
