import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { OutboxService } from '../../src/modules/messaging/outbox/outbox.service';
import { forgetMessages, publishAttempts } from '../support/outbox';
import { createTestApp, TestApp } from '../support/test-app';
import { TwilioDouble } from '../support/twilio-double';
import { waitFor } from '../support/wait-for';
import { scopeOf } from '../../src/database/db-scope';

const FROM = 'whatsapp:+14155238886';
const DAY_MS = 24 * 60 * 60_000;

const numbers = (base: number, count: number) => Array.from({ length: count }, (_, i) => `+9665${String(base + i).padStart(8, '0')}`);

const securityAlert = (to: string[], reason: string) => ({
  templateKey: 'securityAlert' as const,
  recipients: to.map((whatsapp) => ({ whatsapp, role: 'admin' as const })),
  variables: { alertTitle: 'اختبار', username: 'admin', details: 'x', ipAddress: '127.0.0.1', time: 'الآن' },
  reason,
});

/** The most messages the provider received within any 1,000 ms (a message 1,000 ms after another counts in the next second). */
function busiestSecond(messages: { dateCreated: Date }[]): number {
  const times = messages.map((m) => m.dateCreated.getTime()).sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; first < times.length; first++) {
    while (last < times.length && times[last] < times[first] + 1000) last++;
    most = Math.max(most, last - first);
  }
  return most;
}

/**
 * Two workers (two application instances on the same PostgreSQL and Redis, each with its own BullMQ
 * worker, limiter and database pool) share the daily cap and the provider's rate.
 */
describe('two workers', () => {
  let double: TwilioDouble;
  let apps: TestApp[] = [];
  let db: DataSource;

  async function startTwo(clock: FakeClock, env: Record<string, string>): Promise<void> {
    const twilio = {
      WHATSAPP_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: double.accountSid,
      TWILIO_AUTH_TOKEN: double.authToken,
      TWILIO_FROM: FROM,
      TWILIO_BASE_URL: double.url,
      PUBLIC_BASE_URL: 'https://charity.example',
      ...env,
    };
    apps = [await createTestApp({ worker: true, clock, env: twilio })];
    apps.push(await createTestApp({ worker: true, clock, env: twilio, keepQueuedMessages: true }));
    db = apps[0].app.get(DataSource);
  }

  async function stopAll(reasons: string[]): Promise<void> {
    try {
      if (db) await forgetMessages(db, `g.reason = ANY($1)`, [reasons]);
    } finally {
      await Promise.all(apps.map((a) => a.close()));
      apps = [];
    }
  }

  /** Writes one message per number and wakes both workers. */
  async function send(to: string[], reason: string): Promise<number[]> {
    const outbox = apps[0].app.get(OutboxService);
    const { attemptIds } = await db.transaction((m) => outbox.enqueue(scopeOf(m), securityAlert(to, reason)));
    await publishAttempts(outbox, db, attemptIds);
    return attemptIds;
  }

  const states = async (ids: number[]) =>
    (await db.query(
      `SELECT a.attempt_id, a.status, a.next_attempt_at, l.provider_error_code FROM assurance_attempts a
         LEFT JOIN notification_logs l ON l.attempt_id = a.attempt_id AND l.status = 'deferred'
        WHERE a.attempt_id = ANY($1) ORDER BY a.attempt_id`,
      [ids],
    )) as { attempt_id: number; status: string; next_attempt_at: Date | null; provider_error_code: string | null }[];

  beforeAll(async () => {
    double = await new TwilioDouble().start();
  });
  afterAll(async () => {
    await double?.stop();
  });

  describe('the daily cap', () => {
    // Far from every other file's messages: only this test's conversations are in the window.
    const clock = new FakeClock(new Date(Date.now() + 70 * DAY_MS));

    beforeAll(() =>
      startTwo(clock, { WHATSAPP_DAILY_BUSINESS_INITIATED_CAP: '3', WHATSAPP_RATE_PER_SECOND: '0', WORKER_CONCURRENCY: '5' }),
    );
    afterAll(() => stopAll(['two_workers_cap', 'two_workers_refused']));

    it('lets exactly the cap through when both workers race for the last places, and defers the rest', async () => {
      const to = numbers(97_100_000, 10);
      const ids = await send(to, 'two_workers_cap');
      const rows = await waitFor(async () => {
        const now = await states(ids);
        return now.every((r) => r.status === 'sent' || r.provider_error_code === 'DAILY_CAP') ? now : null;
      });
      const sent = rows.filter((r) => r.status === 'sent');
      expect(sent).toHaveLength(3);
      expect(to.filter((n) => double.sentTo(n).length > 0)).toHaveLength(3);
      const deferred = rows.filter((r) => r.status === 'queued');
      expect(deferred).toHaveLength(7);
      for (const row of deferred)
        expect(new Date(row.next_attempt_at!).getTime()).toBeGreaterThan(clock.now().getTime() + 23 * 60 * 60_000);
      const [{ open }] = await db.query('SELECT "open" FROM whatsapp_conversation_count');
      expect(open).toBe(3);

      // Someone already in a conversation today still gets their messages.
      const again = await send([to[ids.indexOf(sent[0].attempt_id)]], 'two_workers_cap');
      await waitFor(async () => (await states(again))[0].status === 'sent');
    });

    it('gives the place back when the provider refuses the message', async () => {
      // The first test's messages and conversations gone: three places again.
      await forgetMessages(db, `g.reason = 'two_workers_cap'`);
      double.next({ kind: 'error', httpStatus: 400, code: 21211 });
      const [refused] = await send(numbers(97_200_000, 1), 'two_workers_refused');
      await waitFor(async () => (await states([refused]))[0].status === 'failed');
      const ids = await send(numbers(97_300_000, 3), 'two_workers_refused');
      const rows = await waitFor(async () => {
        const now = await states(ids);
        return now.every((r) => r.status === 'sent' || r.provider_error_code === 'DAILY_CAP') ? now : null;
      });
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    });
  });

  describe("the provider's rate", () => {
    const RATE = 20;
    // A margin for the delay between a send and the double's stamp on a test machine shared by other
    // builds, where it varies by more than production's 80 ms (both run in this one process).
    const MARGIN_MS = 400;
    const clock = new FakeClock(new Date());

    beforeAll(() =>
      startTwo(clock, {
        WHATSAPP_DAILY_BUSINESS_INITIATED_CAP: '0',
        WHATSAPP_RATE_PER_SECOND: String(RATE),
        WHATSAPP_RATE_MARGIN_MS: String(MARGIN_MS),
        WORKER_CONCURRENCY: '5',
      }),
    );
    afterAll(() => stopAll(['two_workers_rate']));

    it('never lets more than the limit reach the provider within any sliding second', async () => {
      const arrivedAt = (to: string[]) => {
        const mine = new Set(to.map((n) => `whatsapp:${n}`));
        return double.messages.filter((m) => mine.has(m.to));
      };
      // A first message each way opens the connections to the provider (what a running worker has).
      const warm = numbers(97_400_000, 2);
      await send(warm, 'two_workers_rate');
      await waitFor(() => arrivedAt(warm).length === warm.length);

      const to = numbers(97_500_000, 3 * RATE);
      await send(to, 'two_workers_rate');
      await waitFor(() => arrivedAt(to).length === to.length, 60_000, `all ${to.length} messages at the provider`);
      expect(busiestSecond(arrivedAt(to))).toBeLessThanOrEqual(RATE);
    }, 90_000);
  });
});
