import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { QUEUES } from '../../../common/queues/queues';
import { DeliveryCircuit } from '../circuit/delivery-circuit';
import type { CircuitState } from '../circuit/delivery-circuit.repository';
import { DeliveryRepository } from '../outbox/delivery.repository';
import { DeliveryHealth } from './delivery-health';
import { HEARTBEAT_STALE_SECONDS } from './worker-heartbeat';

/** Delivery as monitoring sees it: everything from shared state (the database, Redis), none from this process. */
export interface DeliveryFigures {
  outbox: { queued: number; sending: number };
  /** Age of the oldest due message, in seconds (0 when nothing waits). */
  lagSeconds: number;
  circuit: CircuitState;
  /** Workers whose heartbeat is fresh (any process: the worker has no port of its own to scrape). */
  workersAlive: number;
  queue: { waiting: number; active: number; delayed: number };
}

/**
 * The figures of GET /metrics that happen in the worker. Each read is a handful of small statements
 * over indexes and tiny tables (the status index, worker_heartbeats, delivery_circuit) and BullMQ's
 * counters: none grows with the number of messages ever sent.
 */
@Injectable()
export class DeliveryMetrics {
  constructor(
    private readonly health: DeliveryHealth,
    private readonly delivery: DeliveryRepository,
    private readonly circuit: DeliveryCircuit,
    @InjectQueue(QUEUES.whatsappDelivery) private readonly queue: Queue,
  ) {}

  async read(): Promise<DeliveryFigures> {
    const [report, outbox, circuit, jobs] = await Promise.all([
      this.health.report(),
      this.delivery.openCounts(),
      this.circuit.state(),
      this.queue.getJobCounts('waiting', 'active', 'delayed'),
    ]);
    return {
      outbox,
      lagSeconds: report.details.lagSeconds,
      circuit,
      workersAlive: report.details.workers.filter((w) => w.lastBeatSecondsAgo <= HEARTBEAT_STALE_SECONDS).length,
      queue: { waiting: jobs.waiting ?? 0, active: jobs.active ?? 0, delayed: jobs.delayed ?? 0 },
    };
  }
}
