import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { startEmbeddedRedis, EmbeddedRedis } from '../../src/infra/embedded-redis';
import { ReconcileService } from '../../src/modules/messaging/outbox/reconcile.service';
import { OutboxService } from '../../src/modules/messaging/outbox/outbox.service';
import { TwilioWhatsAppDriver } from '../../src/modules/messaging/providers/twilio-whatsapp.driver';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { TwilioDouble } from '../support/twilio-double';
import { waitFor } from '../support/wait-for';
import { forgetMessages, publishAttempts } from '../support/outbox';
import { scopeOf } from '../../src/database/db-scope';

const FROM = 'whatsapp:+14155238886';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function twilioEnv(double: TwilioDouble, extra: Record<string, string> = {}): Record<string, string> {
  return {
    WHATSAPP_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: double.accountSid,
    TWILIO_AUTH_TOKEN: double.authToken,
    TWILIO_FROM: FROM,
    TWILIO_BASE_URL: double.url,
    PUBLIC_BASE_URL: 'https://charity.example',
    ...extra,
  };
}

const securityAlert = (to: string[]) => ({
  templateKey: 'securityAlert' as const,
  recipients: to.map((whatsapp) => ({ whatsapp, role: 'admin' as const })),
  variables: { alertTitle: 'اختبار', username: 'admin', details: 'x', ipAddress: '127.0.0.1', time: 'الآن' },
  reason: 'reliability_test',
});

function numbers(prefix: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `+9665${String(prefix * 100000 + i).padStart(8, '0')}`);
}

/** Removes this file's messages: hundreds of new conversations would count against the daily cap of later tests. */
async function forgetNumbers(t: TestApp | undefined, prefixes: number[]): Promise<void> {
  if (!t) return;
  await forgetMessages(
    t.app.get(DataSource),
    `EXISTS (SELECT 1 FROM assurance_recipients r WHERE r.group_id = g.group_id AND substr(r.whatsapp, 1, 9) = ANY($1))`,
    [prefixes.map((p) => numbers(p, 1)[0].slice(0, 9))],
  );
}

function countBy(values: string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const v of values) out.set(v, (out.get(v) ?? 0) + 1);
  return out;
}

describe('Redis down: the business changes commit, every message arrives once Redis is back', () => {
  let redis: EmbeddedRedis;
  let redisDir: string;
  let redisPort: number;
  let double: TwilioDouble;
  let t: TestApp;

  beforeAll(async () => {
    redisDir = mkdtempSync(join(tmpdir(), 'charity-redis-down-'));
    redisPort = await freePort();
    redis = await startEmbeddedRedis({ dataDir: redisDir, port: redisPort });
    double = await new TwilioDouble().start();
    t = await createTestApp({ worker: true, env: twilioEnv(double, { REDIS_URL: redis.url }) });
  });
  afterAll(async () => {
    try {
      await forgetNumbers(t, [71]);
    } finally {
      await t?.close();
    }
    await double?.stop();
    await redis?.stop();
  });

  it('50 status changes while Redis is stopped: all commit, all 50 statusUpdate messages arrive after it restarts, none twice', async () => {
    const db = t.app.get(DataSource);
    const { token } = await signInAdmin(t.app);
    const phones = numbers(71, 50);
    const ids: number[] = [];
    for (const phone of phones) {
      await db.query(
        `INSERT INTO whatsapp_opt_ins (phone_number, opt_in_status, consent_timestamp, consent_method) VALUES ($1, true, now(), 'request_form')`,
        [phone],
      );
      const [row] = await db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status, whatsapp_opt_in)
         VALUES ('wedding', 80, '2026-12-20', '22:00', 'ينبع', 'custom', 'منظم', $1, 'received', true) RETURNING id`,
        ['0' + phone.slice(4)],
      );
      ids.push(row.id);
    }

    await redis.stop();
    const started = Date.now();
    for (const id of ids) {
      const res = await t.http.patch(`/api/requests/${id}/status`).set('authorization', `Bearer ${token}`).send({ status: 'confirmed' });
      expect(res.status).toBe(200);
    }
    // Producers fail fast: 50 changes did not wait on Redis.
    expect(Date.now() - started).toBeLessThan(20_000);
    const [committed] = await db.query(`SELECT count(*)::int AS n FROM requests WHERE id = ANY($1) AND status = 'confirmed'`, [ids]);
    expect(committed.n).toBe(50);
    await new Promise((r) => setTimeout(r, 1000));
    expect(double.messages).toHaveLength(0);

    redis = await startEmbeddedRedis({ dataDir: redisDir, port: redisPort });
    await waitFor(() => double.messages.length >= 50, 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    const perNumber = countBy(double.messages.map((m) => m.to.replace('whatsapp:', '')));
    expect(double.messages).toHaveLength(50);
    expect(phones.every((p) => perNumber.get(p) === 1)).toBe(true);
    const [sent] = await db.query(
      `SELECT count(*)::int AS n FROM assurance_attempts a JOIN assurance_notification_groups g ON g.group_id = a.group_id
        WHERE g.form_id = ANY($1) AND a.status = 'sent'`,
      [ids.map((id) => `request:${id}`)],
    );
    expect(sent.n).toBe(50);
  });
});

describe('outbox on the shared services: two sweepers and reconciliation', () => {
  let double: TwilioDouble;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    double = await new TwilioDouble().start();
    a = await createTestApp({ worker: true, env: twilioEnv(double) });
    b = await createTestApp({ worker: true, env: twilioEnv(double) });
  });
  afterAll(async () => {
    await forgetNumbers(a, [72, 73]);
    await a?.close();
    await b?.close();
    await double?.stop();
  });

  it('two workers with their sweepers racing over 100 unpublished messages send each exactly once', async () => {
    const db = a.app.get(DataSource);
    const to = numbers(72, 100);
    await db.transaction((m) => a.app.get(OutboxService).enqueue(scopeOf(m), securityAlert(to)));
    // Nobody publishes: both sweepers find the rows at the same time.
    await waitFor(() => to.every((n) => double.sentTo(n).length > 0));
    await new Promise((r) => setTimeout(r, 1500));
    const perNumber = countBy(double.messages.filter((m) => to.includes(m.to.replace('whatsapp:', ''))).map((m) => m.to));
    expect([...perNumber.values()].every((n) => n === 1)).toBe(true);
    expect(perNumber.size).toBe(100);
  });

  it('a claim left by a dead worker is recorded from the provider’s list when it went out, and sent again when it did not', async () => {
    const db = a.app.get(DataSource);
    const [went, lost] = numbers(73, 2);
    const { attemptIds } = await db.transaction((m) => a.app.get(OutboxService).enqueue(scopeOf(m), securityAlert([went, lost])));
    const now = a.clock.now();
    // The dead worker had claimed both; the provider accepted the first before it died.
    await db.query(
      `UPDATE assurance_attempts SET status = 'sending', attempts = 1, claimed_by = 'dead-worker', next_attempt_at = $2 WHERE attempt_id = ANY($1)`,
      [attemptIds, new Date(now.getTime() - 1000)],
    );
    const driver = new TwilioWhatsAppDriver({
      accountSid: double.accountSid,
      authToken: double.authToken,
      from: FROM,
      baseUrl: double.url,
      timeoutMs: 2000,
    });
    const accepted = await driver.send({
      to: went,
      templateKey: 'securityAlert',
      contentSid: null,
      template: { name: 'admin_security_alert', language: 'ar', category: 'utility', components: [] },
      variables: [],
      text: 'تنبيه أمني',
      freeText: true,
      attemptId: attemptIds[0],
    });

    await a.app.get(ReconcileService).reclaimExpired();
    await waitFor(() => double.sentTo(lost).length === 1);
    await new Promise((r) => setTimeout(r, 800));
    expect(double.sentTo(went)).toHaveLength(1); // not resent
    const rows: { attempt_id: number; status: string; provider_message_id: string }[] = await db.query(
      'SELECT attempt_id, status, provider_message_id FROM assurance_attempts WHERE attempt_id = ANY($1) ORDER BY attempt_id',
      [attemptIds],
    );
    expect(rows[0]).toMatchObject({ status: 'sent', provider_message_id: accepted.providerMessageId });
    expect(rows[1]).toMatchObject({ status: 'sent', provider_message_id: double.sentTo(lost)[0].sid });
    const [event] = await db.query(`SELECT payload FROM assurance_events WHERE type = 'attempt_reconciled' ORDER BY event_id DESC LIMIT 1`);
    expect(event.payload).toEqual({ attemptId: attemptIds[0], providerMessageId: accepted.providerMessageId });
  });
});

describe('daily cap of business-initiated conversations', () => {
  let double: TwilioDouble;
  let t: TestApp;
  // Far from the other tests' messages, so only this test's conversations are in the rolling window.
  const clock = new FakeClock(new Date(Date.now() + 40 * 24 * 60 * 60_000));

  beforeAll(async () => {
    double = await new TwilioDouble().start();
    t = await createTestApp({ worker: true, clock, env: twilioEnv(double, { WHATSAPP_DAILY_BUSINESS_INITIATED_CAP: '2' }) });
  });
  afterAll(async () => {
    try {
      await forgetNumbers(t, [74]);
    } finally {
      await t?.close();
    }
    await double?.stop();
  });

  it('defers the third new person of the day instead of dropping it, and sends it when a slot frees', async () => {
    const db = t.app.get(DataSource);
    const outbox = t.app.get(OutboxService);
    const [first, second, third] = numbers(74, 3);
    for (const to of [first, second]) {
      const { attemptIds } = await db.transaction((m) => outbox.enqueue(scopeOf(m), securityAlert([to])));
      await publishAttempts(outbox, db, attemptIds);
      await waitFor(() => double.sentTo(to).length === 1);
      await waitFor(
        async () => (await db.query(`SELECT status FROM assurance_attempts WHERE attempt_id = $1`, [attemptIds[0]]))[0].status === 'sent',
      );
    }
    // Someone already in a conversation today is not a new one.
    const again = await db.transaction((m) => outbox.enqueue(scopeOf(m), { ...securityAlert([first]), reason: 'second_alert' }));
    await publishAttempts(outbox, db, again.attemptIds);
    await waitFor(() => double.sentTo(first).length === 2);

    const { attemptIds } = await db.transaction((m) => outbox.enqueue(scopeOf(m), securityAlert([third])));
    await publishAttempts(outbox, db, attemptIds);
    const deferred = await waitFor(async () => {
      const [row] = await db.query(`SELECT status, attempts, next_attempt_at FROM assurance_attempts WHERE attempt_id = $1`, [
        attemptIds[0],
      ]);
      return row.status === 'queued' && row.next_attempt_at ? row : null;
    });
    expect(deferred.attempts).toBe(0);
    expect(new Date(deferred.next_attempt_at).getTime()).toBeGreaterThan(clock.now().getTime() + 23 * 60 * 60_000);
    const [log] = await db.query(`SELECT status, provider_error_code FROM notification_logs WHERE attempt_id = $1`, [attemptIds[0]]);
    expect(log).toEqual({ status: 'deferred', provider_error_code: 'DAILY_CAP' });
    await new Promise((r) => setTimeout(r, 800));
    expect(double.sentTo(third)).toHaveLength(0);

    clock.advance(24 * 60 * 60_000 + 5000);
    await waitFor(() => double.sentTo(third).length === 1);
  });
});

describe('the daily cap kept for the messages that matter', () => {
  let double: TwilioDouble;
  let t: TestApp;
  const clock = new FakeClock(new Date(Date.now() + 50 * 24 * 60 * 60_000));

  beforeAll(async () => {
    double = await new TwilioDouble().start();
    t = await createTestApp({ worker: true, clock, env: twilioEnv(double, { WHATSAPP_DAILY_BUSINESS_INITIATED_CAP: '4' }) });
  });
  afterAll(async () => {
    try {
      await forgetNumbers(t, [75]);
    } finally {
      await t?.close();
    }
    await double?.stop();
  });

  it('lets quick-message acknowledgements use half of it, so alerts and request messages still go', async () => {
    const db = t.app.get(DataSource);
    const outbox = t.app.get(OutboxService);
    const [a, b, customer, admin] = numbers(75, 4);
    const send = async (message: Parameters<OutboxService['enqueue']>[1]) => {
      const { attemptIds } = await db.transaction((m) => outbox.enqueue(scopeOf(m), message));
      await publishAttempts(outbox, db, attemptIds);
      return attemptIds[0];
    };
    const status = async (id: number) => (await db.query(`SELECT status FROM assurance_attempts WHERE attempt_id = $1`, [id]))[0].status;
    for (const to of [a, b]) {
      const id = await send(securityAlert([to]));
      await waitFor(async () => (await status(id)) === 'sent');
    }
    // Two of four conversations used: an acknowledgement of the public form waits for tomorrow ...
    const ack = await send({
      templateKey: 'inquiryReceived',
      recipients: [{ whatsapp: customer, role: 'customer', optedIn: true }],
      variables: { senderName: 'عميلنا الكريم', inquiryNumber: 1, inquiryType: 'استفسار عام' },
      reason: 'quick_message_received',
    });
    await waitFor(async () => {
      const [log] = await db.query(`SELECT provider_error_code FROM notification_logs WHERE attempt_id = $1 AND status = 'deferred'`, [
        ack,
      ]);
      return log?.provider_error_code === 'DAILY_CAP';
    });
    // ... while a security alert to a new person still goes out.
    const alert = await send(securityAlert([admin]));
    await waitFor(async () => (await status(alert)) === 'sent');
    expect(double.sentTo(customer)).toHaveLength(0);
  });
});
