import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../common/clock/clock';
import { APP_LOGGER } from '../../../common/logging/logger';
import { DeliveryRepository } from '../outbox/delivery.repository';
import { OutboxService } from '../outbox/outbox.service';
import { ReconcileService } from '../outbox/reconcile.service';

const BATCH = 500;
export const SWEEP_SCHEDULE = 'outbox-sweep';

/**
 * The safety net of the outbox: every few seconds it takes back claims whose lease ran out (a worker
 * died mid-send) and re-adds every due attempt to the queue. Adding is idempotent (jobId = the
 * attempt's key and claim count) and a claim is a conditional update, so two sweepers never cause a
 * double send; a claim taken back from a dead worker is a new job at once.
 */
@Injectable()
export class OutboxSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private running = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @Inject(Clock) private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly reconcile: ReconcileService,
    private readonly repo: DeliveryRepository,
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
      await this.reconcile.reclaimExpired();

      const due = await this.repo.dueAttempts(now, BATCH);
      await this.outbox.publish(due);
      return due.length;
    } catch (error) {
      this.logger.warn({ err: error }, 'outbox sweep failed; will try again');
      return 0;
    } finally {
      this.running = false;
    }
  }
}
