import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { OutboxService } from '../../src/modules/messaging/outbox/outbox.service';
import { forgetMessages } from '../support/outbox';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';
import { TwilioDouble } from '../support/twilio-double';
import { PrivateRedis } from '../support/private-redis';
import { compiledServer, killAll, startWorkerProcess } from '../support/server-process';
import { waitFor } from '../support/wait-for';
import { scopeOf } from '../../src/database/db-scope';

const TOTAL = 500;
const CONCURRENCY = 5;

/**
 * The worker runs as its own process (the compiled server, as in production), so it can be killed
 * with SIGKILL in the middle of a batch.
 */
describe('a worker killed with SIGKILL in the middle of 500 messages', () => {
  let build: string;
  const dataDir = mkdtempSync(join(tmpdir(), 'charity-kill-'));
  let double: TwilioDouble;
  let t: TestApp;
  const workers: ChildProcess[] = [];

  function startWorker(redisUrl?: string): ChildProcess {
    const child = startWorkerProcess(build, {
      DATA_DIR: dataDir,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      REDIS_PREFIX: `${testState().redisPrefix}:kill`,
      WHATSAPP_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: double.accountSid,
      TWILIO_AUTH_TOKEN: double.authToken,
      TWILIO_FROM: 'whatsapp:+14155238886',
      TWILIO_BASE_URL: double.url,
      WHATSAPP_RATE_PER_SECOND: '0',
      WORKER_CONCURRENCY: String(CONCURRENCY),
      OUTBOX_SWEEP_INTERVAL_MS: '300',
      OUTBOX_LEASE_MS: '3000',
    });
    workers.push(child);
    return child;
  }

  beforeAll(async () => {
    build = compiledServer();
    double = await new TwilioDouble().start();
    // Slow enough that a few messages are always between "accepted by the provider" and "recorded".
    double.defaultBehaviour = { kind: 'accept', delayMs: 15 };
    t = await createTestApp({ worker: false });
  }, 300_000);

  afterAll(async () => {
    killAll(workers);
    // 500 new conversations would count against the daily cap of the tests that run after this one.
    if (t) await forgetMessages(t.app.get(DataSource), `g.reason = 'kill_test'`);
    await t?.close();
    await double?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing; a duplicate can only be one in flight at the kill, at most the concurrency, and reconciliation records the rest', async () => {
    const db = t.app.get(DataSource);
    const to = Array.from({ length: TOTAL }, (_, i) => `+9665${String(81000000 + i).padStart(8, '0')}`);
    const mine = new Set(to.map((n) => `whatsapp:${n}`));
    const arrived = () => double.messages.filter((m) => mine.has(m.to));

    const { attemptIds } = await db.transaction((m) =>
      t.app.get(OutboxService).enqueue(scopeOf(m), {
        templateKey: 'securityAlert',
        recipients: to.map((whatsapp) => ({ whatsapp, role: 'admin' as const })),
        variables: { alertTitle: 'اختبار الموثوقية', username: 'admin', details: 'x', ipAddress: '127.0.0.1', time: 'الآن' },
        reason: 'kill_test',
      }),
    );

    const first = startWorker();
    await waitFor(() => arrived().length >= 150, 120_000);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    // A request the double had fully received still completes on its side (the provider accepted it).
    await new Promise((r) => setTimeout(r, 300));
    const acceptedAtKill = new Set(arrived().map((m) => m.to.replace('whatsapp:', '')));
    const inFlight: { whatsapp: string }[] = await db.query(
      `SELECT r.whatsapp FROM assurance_attempts a JOIN assurance_recipients r ON r.recipient_id = a.recipient_id
        WHERE a.attempt_id = ANY($1) AND a.status = 'sending'`,
      [attemptIds],
    );
    const inFlightNumbers = new Set(inFlight.map((r) => r.whatsapp));
    expect(inFlightNumbers.size).toBeLessThanOrEqual(CONCURRENCY);
    expect(acceptedAtKill.size).toBeLessThan(TOTAL);

    startWorker();
    await waitFor(async () => {
      const [row] = await db.query(`SELECT count(*)::int AS n FROM assurance_attempts WHERE attempt_id = ANY($1) AND status = 'sent'`, [
        attemptIds,
      ]);
      return row.n === TOTAL;
    }, 150_000);
    await new Promise((r) => setTimeout(r, 1000));

    const counts = new Map<string, number>();
    for (const m of arrived()) counts.set(m.to.replace('whatsapp:', ''), (counts.get(m.to.replace('whatsapp:', '')) ?? 0) + 1);
    expect(counts.size).toBe(TOTAL); // none lost
    const duplicates = [...counts].filter(([, n]) => n > 1).map(([number]) => number);
    expect(duplicates.length).toBeLessThanOrEqual(CONCURRENCY);
    for (const d of duplicates) expect(inFlightNumbers.has(d)).toBe(true);

    // In-flight messages the provider had accepted were recorded from its list, not sent again.
    const acceptedInFlight = [...inFlightNumbers].filter((n) => acceptedAtKill.has(n));
    const reconciled: { payload: { attemptId: number } }[] = await db.query(
      `SELECT payload FROM assurance_events WHERE type = 'attempt_reconciled' AND (payload->>'attemptId')::int = ANY($1)`,
      [attemptIds],
    );
    expect(reconciled.length).toBe(acceptedInFlight.length);
    for (const n of acceptedInFlight) expect(counts.get(n)).toBe(1);
    // Every recorded provider id is one the provider really issued for that number.
    const recorded: { whatsapp: string; provider_message_id: string }[] = await db.query(
      `SELECT r.whatsapp, a.provider_message_id FROM assurance_attempts a JOIN assurance_recipients r ON r.recipient_id = a.recipient_id WHERE a.attempt_id = ANY($1)`,
      [attemptIds],
    );
    const sids = new Map(double.messages.map((m) => [m.sid, m.to]));
    expect(recorded.every((r) => sids.get(r.provider_message_id) === `whatsapp:${r.whatsapp}`)).toBe(true);
    process.stdout.write(
      `kill test: ${acceptedAtKill.size} accepted before the kill, ${inFlightNumbers.size} in flight, ${reconciled.length} reconciled, ${duplicates.length} duplicates\n`,
    );
  }, 400_000);

  it('sends a message whose worker died mid-send within lease + sweep + 5 s (a new job for the new claim)', async () => {
    const db = t.app.get(DataSource);
    // Only the two workers of this case run (the first case left one).
    killAll(workers);
    const a = startWorker();
    const b = startWorker();
    const to = '+966588800001';
    // Both workers are up when each has stamped its heartbeat.
    await waitFor(async () => {
      const rows = await db.query(`SELECT worker_id FROM worker_heartbeats WHERE worker_id = ANY($1)`, [
        [a.pid, b.pid].map((pid) => `${hostname()}:${pid}`),
      ]);
      return rows.length === 2;
    }, 60_000);
    // The provider never answers this first call: the message stays in flight until its worker dies.
    double.next({ kind: 'hang' });
    const { attemptIds } = await db.transaction((m) =>
      t.app.get(OutboxService).enqueue(scopeOf(m), {
        templateKey: 'securityAlert',
        recipients: [{ whatsapp: to, role: 'admin' }],
        variables: { alertTitle: 'اختبار', username: 'admin', details: 'in flight', ipAddress: '127.0.0.1', time: 'الآن' },
        reason: 'kill_test',
      }),
    );
    const [claimed] = await waitFor(async () => {
      const rows: { claimed_by: string }[] = await db.query(
        `SELECT claimed_by FROM assurance_attempts WHERE attempt_id = $1 AND status = 'sending'`,
        [attemptIds[0]],
      );
      return rows.length ? rows : null;
    }, 30_000);
    const holder = [a, b].find((w) => claimed.claimed_by === `${hostname()}:${w.pid}`)!;
    expect([a.pid, b.pid]).toContain(holder?.pid);
    holder.kill('SIGKILL');
    const killedAt = Date.now();
    await waitFor(async () => {
      const [row] = await db.query(`SELECT status FROM assurance_attempts WHERE attempt_id = $1`, [attemptIds[0]]);
      return row.status === 'sent';
    }, 60_000);
    const took = Date.now() - killedAt;
    process.stdout.write(`in-flight message sent ${took} ms after its worker was killed (lease 3000 ms, sweep 300 ms)\n`);
    expect(took).toBeLessThan(3_000 + 300 + 5_000);
    expect(double.sentTo(to)).toHaveLength(1);
    for (const w of [a, b]) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  }, 120_000);

  it('stops within 10 s of SIGTERM while its Redis is down (a supervisor can restart it)', async () => {
    const redis = await PrivateRedis.start();
    try {
      rmSync(join(dataDir, 'worker-heartbeat'), { force: true });
      const worker = startWorker(redis.url);
      // Ready when its heartbeat file appears (written once database, Redis and queue answer).
      await waitFor(() => existsSync(join(dataDir, 'worker-heartbeat')), 60_000);
      await redis.kill();
      await new Promise((r) => setTimeout(r, 2_000));
      const exited = new Promise<number>((r) => worker.once('exit', () => r(Date.now())));
      const signalled = Date.now();
      worker.kill('SIGTERM');
      const stoppedAfter = (await exited) - signalled;
      process.stdout.write(`SIGTERM with Redis down: the worker exited after ${stoppedAfter} ms\n`);
      expect(stoppedAfter).toBeLessThan(10_000);
    } finally {
      await redis.kill();
    }
  }, 120_000);
});
