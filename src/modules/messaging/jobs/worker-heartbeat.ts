import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_LOGGER } from '../../../common/logging/logger';
import { DeliveryService } from '../outbox/delivery.service';
import { WorkerHeartbeatRepository } from './worker-heartbeat.repository';

/** How often a worker stamps its row; the health check calls a worker silent for 3 beats down. */
export const HEARTBEAT_EVERY_MS = 10_000;
export const HEARTBEAT_STALE_SECONDS = 30;

/**
 * The worker's heartbeat in the database, so `/api/health` (served by the api, maybe in another
 * process or machine) sees a dead worker. Beats while the process runs, whatever Redis is doing:
 * Redis trouble shows separately in the health check.
 */
@Injectable()
export class WorkerHeartbeat implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private readonly startedAt = new Date();

  constructor(
    private readonly repo: WorkerHeartbeatRepository,
    private readonly delivery: DeliveryService,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_EVERY_MS);
    this.timer.unref();
    await this.beat();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.repo.remove(this.delivery.workerId).catch(() => undefined);
  }

  private async beat(): Promise<void> {
    try {
      await this.repo.beat(this.delivery.workerId, this.startedAt);
    } catch (error) {
      this.logger.warn({ err: error }, 'worker heartbeat not written (database unavailable?)');
    }
  }
}
