import { Inject, OnApplicationBootstrap } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { Logger } from 'pino';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { APP_LOGGER } from '../../../common/logging/logger';
import { DeliverAttemptJob, JOBS, QUEUES } from '../../../common/queues/queues';
import { DeliveryService } from '../outbox/delivery.service';

/**
 * Runs delivery jobs. Retries are scheduled by us in the outbox row (with backoff and jitter), not by
 * BullMQ, so the database stays the one truth about every message.
 */
@Processor(QUEUES.whatsappDelivery)
export class DeliveryProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly delivery: DeliveryService,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.outbox.concurrency;
    // The provider's rate per sender (Twilio: 80 messages a second), shared through Redis by every
    // worker of the queue. BullMQ reads the limiter from the worker's options at each fetch.
    const rate = this.config.whatsapp.ratePerSecond;
    if (rate > 0) (this.worker.opts as { limiter?: { max: number; duration: number } }).limiter = { max: rate, duration: 1000 };
    // The worker reconnects to Redis on its own (maxRetriesPerRequest: null); errors are not fatal.
    this.worker.on('error', (error) => this.logger.warn({ err: error }, 'delivery worker: queue error (it reconnects by itself)'));
  }

  async process(job: Job<DeliverAttemptJob>): Promise<string> {
    if (job.name !== JOBS.deliverAttempt) throw new Error(`No handler for job "${job.name}"`);
    const result = await this.delivery.deliver(job.data.attemptId);
    if (result.outcome === 'retry' && result.nextAttemptAt) {
      // The job id is taken until this job is removed; the sweeper re-adds it when it is due.
      this.logger.debug({ attemptId: job.data.attemptId, nextAttemptAt: result.nextAttemptAt }, 'retry scheduled');
    }
    return result.outcome;
  }
}
