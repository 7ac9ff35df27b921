import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock/clock';
import { DeliveryCircuit, DeliveryPause } from '../circuit/delivery-circuit';
import { DeliveryRepository } from '../outbox/delivery.repository';
import { HEARTBEAT_STALE_SECONDS } from './worker-heartbeat';
import { WorkerHeartbeatRepository } from './worker-heartbeat.repository';

/** A due message waiting longer than this means delivery is not keeping up (or no worker runs). */
export const LAG_WARNING_SECONDS = 120;

export interface DeliveryHealthReport {
  worker: 'up' | 'down';
  delivery: 'ok' | 'lagging' | 'paused';
  details: {
    workers: { id: string; startedAt: string; lastBeatSecondsAgo: number }[];
    /** Age of the oldest due message, in seconds (0 when nothing waits). */
    lagSeconds: number;
    pause: DeliveryPause;
  };
}

/** What the health check says about delivery: a live worker, the queue's lag, a paused provider. */
@Injectable()
export class DeliveryHealth {
  constructor(
    private readonly heartbeats: WorkerHeartbeatRepository,
    private readonly delivery: DeliveryRepository,
    private readonly circuit: DeliveryCircuit,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async report(): Promise<DeliveryHealthReport> {
    const now = this.clock.now();
    const [workers, oldestDue, pause] = await Promise.all([this.heartbeats.recent(), this.delivery.oldestDue(now), this.circuit.status()]);
    const lagSeconds = oldestDue ? Math.max(0, Math.round((now.getTime() - oldestDue.getTime()) / 1000)) : 0;
    return {
      worker: workers.some((w) => w.ageSeconds <= HEARTBEAT_STALE_SECONDS) ? 'up' : 'down',
      delivery: pause.paused ? 'paused' : lagSeconds > LAG_WARNING_SECONDS ? 'lagging' : 'ok',
      details: {
        workers: workers.map((w) => ({
          id: w.workerId,
          startedAt: new Date(w.startedAt).toISOString(),
          lastBeatSecondsAgo: Math.round(w.ageSeconds),
        })),
        lagSeconds,
        pause,
      },
    };
  }
}
