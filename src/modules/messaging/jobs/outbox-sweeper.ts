import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../common/clock/clock';
import { APP_LOGGER } from '../../../common/logging/logger';
import { DeliveryService } from '../outbox/delivery.service';
import { OutboxService } from '../outbox/outbox.service';

const BATCH = 500;
export const SWEEP_SCHEDULE = 'outbox-sweep';

/**
 * The safety net of the outbox: every few seconds it takes back claims whose lease ran out (a worker
 * died mid-send) and re-adds every due attempt to the queue. Adding is idempotent (jobId = the
 * attempt's key) and a claim is a conditional update, so two sweepers never cause a double send.
 */
@Injectable()
export class OutboxSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private running = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly delivery: DeliveryService,
    private readonly schedules: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    // The interval comes from configuration, so it is registered here rather than with @Interval().
    const timer = setInterval(() => void this.sweep(), this.config.outbox.sweepIntervalMs);
    timer.unref();
    this.schedules.addInterval(SWEEP_SCHEDULE, timer);
    void this.sweep();
  }

  onApplicationShutdown(): void {
    if (this.schedules.doesExist('interval', SWEEP_SCHEDULE)) this.schedules.deleteInterval(SWEEP_SCHEDULE);
  }

  /** One pass; returns how many attempts it handed to the queue. */
  async sweep(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      const now = this.clock.now();
      // Expired claims: recorded when the provider already accepted them, otherwise queued again.
      await this.delivery.reclaimExpired();

      const due: { attempt_id: number; idempotency_key: string }[] = await this.db.query(
        `SELECT attempt_id, idempotency_key FROM assurance_attempts
         WHERE status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= $1)
         ORDER BY attempt_id LIMIT ${BATCH}`,
        [now],
      );
      await this.outbox.publish(due.map((r) => ({ attemptId: r.attempt_id, idempotencyKey: r.idempotency_key })));
      return due.length;
    } catch (error) {
      this.logger.warn({ err: error }, 'outbox sweep failed; will try again');
      return 0;
    } finally {
      this.running = false;
    }
  }
}
