import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { REDIS } from '../../common/redis/redis.module';
import { QUEUES } from '../../common/queues/queues';
import { DeliveryHealth, DeliveryHealthReport } from '../messaging/jobs/delivery-health';
import { HealthRepository } from './health.repository';

type Check = 'up' | 'down';

/** The public answer: what is up, no figures. */
export interface HealthReport {
  /** ok: everything; degraded: the api serves but delivery is behind (no worker, lag, paused); error: a dependency is down. */
  status: 'ok' | 'degraded' | 'error';
  checks: {
    database: Check;
    redis: Check;
    queue: Check;
    worker: Check | 'unknown';
    delivery: DeliveryHealthReport['delivery'] | 'unknown';
  };
  time: string;
}

/** The administrators' answer: the same, with the figures behind it. */
export interface HealthDetails extends HealthReport {
  details: {
    queue: { waiting: number; active: number; delayed: number; failed: number } | null;
    delivery: DeliveryHealthReport['details'] | null;
  };
}

const TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS).unref())]);
}

@Injectable()
export class HealthService {
  constructor(
    private readonly repo: HealthRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @InjectQueue(QUEUES.whatsappDelivery) private readonly queue: Queue,
    private readonly modules: ModuleRef,
  ) {}

  async check(): Promise<HealthReport> {
    const { details: _details, ...report } = await this.detailed();
    return report;
  }

  async detailed(): Promise<HealthDetails> {
    // Messaging owns delivery's tables; it is looked up here so the system module does not import it.
    const deliveryHealth = this.modules.get(DeliveryHealth, { strict: false });
    const [database, redis, queue, delivery] = await Promise.allSettled([
      within(this.repo.ping()),
      within(this.redis.ping()),
      within(this.queue.getJobCounts('waiting', 'active', 'delayed', 'failed')),
      within(deliveryHealth.report()),
    ]);
    const checks = {
      database: database.status === 'fulfilled' ? 'up' : 'down',
      redis: redis.status === 'fulfilled' ? 'up' : 'down',
      queue: queue.status === 'fulfilled' ? 'up' : 'down',
      worker: delivery.status === 'fulfilled' ? delivery.value.worker : 'unknown',
      delivery: delivery.status === 'fulfilled' ? delivery.value.delivery : 'unknown',
    } as const;
    const core = [checks.database, checks.redis, checks.queue].every((c) => c === 'up');
    const behind = checks.worker !== 'up' || checks.delivery !== 'ok';
    const counts = queue.status === 'fulfilled' ? queue.value : null;
    return {
      status: !core ? 'error' : behind ? 'degraded' : 'ok',
      checks,
      time: new Date().toISOString(),
      details: {
        queue: counts
          ? { waiting: counts.waiting ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0 }
          : null,
        delivery: delivery.status === 'fulfilled' ? delivery.value.details : null,
      },
    };
  }
}
