import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_LOGGER } from '../../common/logging/logger';
import { SharedCounters, type SharedCounterName } from '../../common/metrics/shared-counters';
import { DeliveryMetrics, type DeliveryFigures } from '../messaging/jobs/delivery-metrics';

/** How long one read of the shared figures serves scrapes (several Prometheus servers, or a retry). */
export const FIGURES_TTL_MS = 5_000;

export interface SharedFigures {
  delivery: DeliveryFigures;
  counters: Record<SharedCounterName, Record<string, number>>;
}

/**
 * The figures every api process reads from shared state (the database and Redis), so any process
 * answers the same: outbox, lag, circuit, workers, and the counters the worker and sign-ins keep.
 * Read at most once per FIGURES_TTL_MS, whatever the number of scrapes; null while they cannot be read
 * (the HTTP and process figures are still served).
 */
@Injectable()
export class SharedFiguresReader {
  private cached: { at: number; value: Promise<SharedFigures | null> } | null = null;

  constructor(
    private readonly delivery: DeliveryMetrics,
    private readonly counters: SharedCounters,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  read(): Promise<SharedFigures | null> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at >= FIGURES_TTL_MS) this.cached = { at: now, value: this.load() };
    return this.cached.value;
  }

  private async load(): Promise<SharedFigures | null> {
    try {
      const [delivery, counters] = await Promise.all([this.delivery.read(), this.counters.read()]);
      return { delivery, counters };
    } catch (error) {
      this.logger.warn({ err: error }, 'metrics: the shared figures could not be read');
      return null;
    }
  }
}
