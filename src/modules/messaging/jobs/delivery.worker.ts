import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Job, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { APP_LOGGER } from '../../../common/logging/logger';
import { DeliverAttemptJob, JOBS, JOBS_BY_QUEUE, JobName, QUEUES } from '../../../common/queues/queues';
import { DeliveryService } from '../outbox/delivery.service';
import { reconnectDelayMs } from '../../../common/redis/redis-options';
import { SharedCounters } from '../../../common/metrics/shared-counters';

/** SIGTERM must end the process within 10 s: jobs still running after this are left to the lease. */
const CLOSE_GRACE_MS = 5_000;
/** At most one "Redis unreachable" line per this interval (a reconnect loop would flood the log). */
const ERROR_LOG_EVERY_MS = 10_000;

/**
 * The BullMQ worker of the delivery queue, on a Redis connection of its own.
 *
 * Why not @nestjs/bullmq's @Processor: it hands the worker the queue registration's connection
 * options. Producers register with `enableOfflineQueue: false` so a request never waits on Redis;
 * a worker on those options gets every command refused at once while Redis is away, and BullMQ 6.7's
 * run loop then retries in microtasks without yielding, starving the event loop (no reconnect, no
 * HTTP, no signals, memory growing with every logged error). Here the worker keeps its commands
 * queued offline and retries forever (`maxRetriesPerRequest: null`, as BullMQ requires), so a Redis
 * restart is a pause, not an outage. Retries of messages are scheduled in the outbox rows, not here.
 */
@Injectable()
export class DeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker: Worker<DeliverAttemptJob, string> | null = null;
  private lastErrorLog = 0;
  private suppressedErrors = 0;

  /** Every job name of the queue with its handler; checked against JOBS_BY_QUEUE at start. */
  private readonly handlers: Record<JobName, (job: Job<DeliverAttemptJob>) => Promise<string>> = {
    [JOBS.deliverAttempt]: async (job) => {
      // Each outcome is counted where every process can read it (GET /metrics runs in the api).
      try {
        const { outcome } = await this.delivery.deliver(job.data.attemptId, job.data.claim, job.data.key);
        this.counters.increment('whatsapp_deliveries', outcome);
        return outcome;
      } catch (error) {
        this.counters.increment('whatsapp_deliveries', 'error');
        throw error;
      }
    },
  };

  constructor(
    private readonly delivery: DeliveryService,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly counters: SharedCounters,
  ) {}

  onApplicationBootstrap(): void {
    assertEveryJobHasAHandler(QUEUES.whatsappDelivery, Object.keys(this.handlers));
    this.worker = new Worker<DeliverAttemptJob, string>(
      QUEUES.whatsappDelivery,
      (job) => {
        const handler = this.handlers[job.name as JobName];
        if (!handler) throw new Error(`No handler for job "${job.name}"`);
        return handler(job);
      },
      {
        connection: { url: this.config.redisUrl!, maxRetriesPerRequest: null, enableOfflineQueue: true, retryStrategy: reconnectDelayMs },
        prefix: `${this.config.redisPrefix}:bull`,
        concurrency: this.config.outbox.concurrency,
        // The provider's rate is kept per send (SendRate), not per job: see send-rate.ts.
      },
    );
    this.worker.on('error', (error) => this.logError(error));
  }

  async onApplicationShutdown(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    // Let running sends finish when Redis is there; never wait past the grace period.
    const closed = worker.close().then(() => true);
    const timedOut = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CLOSE_GRACE_MS).unref());
    if (!(await Promise.race([closed, timedOut]))) {
      this.logger.warn('delivery worker: jobs still running at shutdown are left to the lease');
      await Promise.race([worker.close(true), new Promise((r) => setTimeout(r, 1_000).unref())]);
    }
  }

  private logError(error: Error): void {
    const now = Date.now();
    if (now - this.lastErrorLog < ERROR_LOG_EVERY_MS) {
      this.suppressedErrors += 1;
      return;
    }
    this.logger.warn(
      { err: error, similarErrorsSinceLast: this.suppressedErrors },
      'delivery worker: Redis unavailable, it reconnects by itself (the outbox keeps every message)',
    );
    this.lastErrorLog = now;
    this.suppressedErrors = 0;
  }
}

/** A queue whose jobs have no handler would fill up silently: refuse to start instead. */
export function assertEveryJobHasAHandler(queue: keyof typeof JOBS_BY_QUEUE | string, handled: string[]): void {
  const expected = JOBS_BY_QUEUE[queue as keyof typeof JOBS_BY_QUEUE] ?? [];
  const missing = expected.filter((name) => !handled.includes(name));
  if (missing.length) throw new Error(`Queue "${queue}" has jobs without a handler: ${missing.join(', ')}`);
}
