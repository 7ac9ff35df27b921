import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { UnitOfWork } from '../../src/modules/messaging/outbox/unit-of-work';
import { PrivateRedis } from '../support/private-redis';
import { createTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const BATCH = 300;

/**
 * Redis killed with SIGKILL in the middle of a batch, with the worker in the api process (the default
 * run): the site keeps answering during the outage, and delivery resumes by itself when Redis is back,
 * every message sent exactly once.
 */
describe('a Redis outage under load, worker in the api process', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let db: DataSource;
  let tag = 0;

  beforeAll(async () => {
    redis = await PrivateRedis.start();
    t = await createTestApp({
      worker: true,
      env: { REDIS_URL: redis.url, OUTBOX_SWEEP_INTERVAL_MS: '500', WORKER_CONCURRENCY: '4', WHATSAPP_RATE_PER_SECOND: '60' },
    });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    await t?.close();
    await redis?.kill();
  });

  async function enqueueBatch(): Promise<string> {
    tag += 1;
    const reason = `outage_${process.pid}_${tag}`;
    const uow = t.app.get(UnitOfWork);
    for (let i = 0; i < BATCH; i += 50) {
      await uow.run(async (tx) => {
        for (let j = i; j < Math.min(BATCH, i + 50); j++) {
          await tx.send({
            templateKey: 'securityAlert',
            recipients: [{ whatsapp: `+9665${String(70000000 + tag * 1000 + j)}`, role: 'admin' }],
            variables: { alertTitle: 'اختبار', username: 'admin', details: `رسالة ${j}`, ipAddress: '127.0.0.1', time: 'الآن' },
            reason,
          });
        }
      });
    }
    return reason;
  }

  const counts = async (reason: string) => {
    const [row] = await db.query(
      `SELECT count(*) FILTER (WHERE a.status IN ('sent', 'delivered', 'read'))::int AS sent,
              (SELECT count(*)::int FROM notification_logs l JOIN assurance_attempts x ON x.attempt_id = l.attempt_id
                 JOIN assurance_notification_groups y ON y.group_id = x.group_id WHERE y.reason = $1 AND l.status = 'sent') AS sends
         FROM assurance_attempts a JOIN assurance_notification_groups g ON g.group_id = a.group_id WHERE g.reason = $1`,
      [reason],
    );
    return row as { sent: number; sends: number };
  };

  for (const outageMs of [2_000, 20_000]) {
    it(`keeps answering through a ${outageMs / 1000} s outage and then sends every message exactly once`, async () => {
      const reason = await enqueueBatch();
      await waitFor(async () => (await counts(reason)).sent >= 20 || null, 20_000, 'the batch to start');
      await redis.kill();

      // During the outage: health says Redis is down, the public site answers, the event loop is free.
      const outageEnds = Date.now() + outageMs;
      let answered = 0;
      while (Date.now() < outageEnds) {
        const started = Date.now();
        const health = await t.http.get('/api/health').timeout(5_000);
        expect(health.status).toBe(503);
        expect(health.body.checks.redis).toBe('down');
        await t.http.get('/api/content').timeout(5_000).expect(200);
        answered += 1;
        // A loop that starves the event loop would not get here again within the outage.
        expect(Date.now() - started).toBeLessThan(5_000);
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(answered).toBeGreaterThan(2);

      await redis.up();
      const done = await waitFor(
        async () => {
          const c = await counts(reason);
          return c.sent === BATCH ? c : null;
        },
        60_000,
        'every message to be sent after Redis returned',
      );
      expect(done).toEqual({ sent: BATCH, sends: BATCH });
      const health = await t.http.get('/api/health').expect(200);
      expect(health.body.checks.redis).toBe('up');
    }, 150_000);
  }
});
