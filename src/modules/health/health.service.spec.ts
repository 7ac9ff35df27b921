import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { getQueueToken } from '@nestjs/bullmq';
import { ModuleRef } from '@nestjs/core';
import { REDIS } from '../../common/redis/redis.module';
import { QUEUES } from '../../common/queues/queues';
import { newTestService } from '../../../test/support/test-service';
import type { DeliveryHealthReport } from '../messaging/jobs/delivery-health';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';

const DELIVERY_OK: DeliveryHealthReport = {
  worker: 'up',
  delivery: 'ok',
  details: {
    workers: [{ id: 'worker-1', startedAt: '2026-11-29T05:00:00.000Z', lastBeatSecondsAgo: 4 }],
    lagSeconds: 0,
    pause: { paused: false, since: null, nextProbeAt: null, lastError: null },
  },
};

const never = () => new Promise<never>(() => undefined);

function setup() {
  const redis = { ping: jest.fn(async () => 'PONG') };
  const queue = { getJobCounts: jest.fn(async () => ({ waiting: 2, active: 1, delayed: 0, failed: 3 }) as Record<string, number>) };
  const delivery = { report: jest.fn(async () => DELIVERY_OK) };
  const modules = { get: jest.fn(() => delivery) };
  const t = newTestService(HealthService, {
    provide: [
      [REDIS, redis],
      [getQueueToken(QUEUES.whatsappDelivery), queue],
      [ModuleRef, modules],
    ],
  });
  const repo = t.mock(HealthRepository);
  repo.ping.mockResolvedValue(undefined);
  return { ...t, repo, redis, queue, delivery };
}

afterEach(() => {
  jest.useRealTimers();
});

describe('HealthService', () => {
  it('answers ok with every check up, and the figures only to administrators', async () => {
    const t = setup();
    const detailed = await t.sut.detailed();
    expect(detailed).toEqual({
      status: 'ok',
      checks: { database: 'up', redis: 'up', queue: 'up', worker: 'up', delivery: 'ok' },
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      details: { queue: { waiting: 2, active: 1, delayed: 0, failed: 3 }, delivery: DELIVERY_OK.details },
    });
    const { details: _details, ...publicAnswer } = detailed;
    expect(await t.sut.check()).toEqual({ ...publicAnswer, time: expect.any(String) });
    expect(await t.sut.check()).not.toHaveProperty('details');
  });

  it.each([
    ['the database', (t: ReturnType<typeof setup>) => t.repo.ping.mockRejectedValue(new Error('ECONNREFUSED')), 'database'],
    ['Redis', (t: ReturnType<typeof setup>) => t.redis.ping.mockRejectedValue(new Error('Connection is closed.')), 'redis'],
    ['the queue', (t: ReturnType<typeof setup>) => t.queue.getJobCounts.mockRejectedValue(new Error('Connection is closed.')), 'queue'],
  ] as const)('answers error when %s is down, naming it', async (_name, breakIt, check) => {
    const t = setup();
    breakIt(t);
    const report = await t.sut.detailed();
    expect(report.status).toBe('error');
    expect(report.checks[check]).toBe('down');
    if (check === 'queue') expect(report.details.queue).toBeNull();
  });

  it.each([
    ['no worker is alive', { ...DELIVERY_OK, worker: 'down' }],
    ['messages wait too long', { ...DELIVERY_OK, delivery: 'lagging' }],
    ['sending is paused', { ...DELIVERY_OK, delivery: 'paused' }],
  ] as const)('answers degraded, not error, when %s: the api still serves', async (_case, delivery) => {
    const t = setup();
    t.delivery.report.mockResolvedValue(delivery);
    const report = await t.sut.detailed();
    expect(report.status).toBe('degraded');
    expect([report.checks.worker, report.checks.delivery]).toEqual([delivery.worker, delivery.delivery]);
  });

  it("answers degraded with worker and delivery unknown when delivery's own report fails", async () => {
    const t = setup();
    t.delivery.report.mockRejectedValue(new Error('relation does not exist'));
    const report = await t.sut.detailed();
    expect(report.status).toBe('degraded');
    expect(report.checks).toEqual({ database: 'up', redis: 'up', queue: 'up', worker: 'unknown', delivery: 'unknown' });
    expect(report.details.delivery).toBeNull();
  });

  it('counts a dependency that does not answer within 2 seconds as down, instead of hanging', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-29T06:00:00Z') });
    const t = setup();
    t.repo.ping.mockImplementation(never);
    const pending = t.sut.detailed();
    await jest.advanceTimersByTimeAsync(1999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const report = await pending;
    expect([report.status, report.checks.database]).toEqual(['error', 'down']);
  });
});
