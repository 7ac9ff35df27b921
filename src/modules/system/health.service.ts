import { Inject, Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { REDIS } from '../../common/redis/redis.module';
import { QUEUES } from '../../common/queues/queues';

type Check = 'up' | 'down';

export interface HealthReport {
  status: 'ok' | 'error';
  checks: { database: Check; redis: Check; queue: Check };
  queue?: { waiting: number; active: number; delayed: number; failed: number };
  time: string;
}

const TIMEOUT_MS = 2000;

function within<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), TIMEOUT_MS).unref())]);
}

@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @InjectQueue(QUEUES.whatsappDelivery) private readonly queue: Queue,
  ) {}

  async check(): Promise<HealthReport> {
    const [database, redis, queue] = await Promise.allSettled([
      within(this.db.query('SELECT 1')),
      within(this.redis.ping()),
      within(this.queue.getJobCounts('waiting', 'active', 'delayed', 'failed')),
    ]);
    const checks = {
      database: database.status === 'fulfilled' ? 'up' : 'down',
      redis: redis.status === 'fulfilled' ? 'up' : 'down',
      queue: queue.status === 'fulfilled' ? 'up' : 'down',
    } as const;
    const counts = queue.status === 'fulfilled' ? queue.value : undefined;
    return {
      status: Object.values(checks).every((c) => c === 'up') ? 'ok' : 'error',
      checks,
      ...(counts
        ? { queue: { waiting: counts.waiting ?? 0, active: counts.active ?? 0, delayed: counts.delayed ?? 0, failed: counts.failed ?? 0 } }
        : {}),
      time: new Date().toISOString(),
    };
  }
}
