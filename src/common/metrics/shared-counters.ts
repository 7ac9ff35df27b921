import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../redis/redis.token';

/** Events counted across every process (the worker has no HTTP port to be scraped on). */
export type SharedCounterName = 'whatsapp_deliveries' | 'login_failures';

const KEY = 'metrics:counters';
/** Labels come from the app's own enumerations; anything else is counted as "other". */
const LABEL = /^[a-z_]{1,40}$/;

/**
 * Counters kept in one Redis hash (HINCRBY per event, HGETALL per scrape: the scrape costs the same
 * whatever the day's volume). They live as long as Redis's data (append-only file); Prometheus treats
 * a reset as a counter restart. Counting never delays or breaks the work counted: while Redis is away
 * the increments are lost, nothing else.
 */
@Injectable()
export class SharedCounters {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  increment(counter: SharedCounterName, label: string): void {
    const field = `${counter}:${LABEL.test(label) ? label : 'other'}`;
    this.redis.hincrby(KEY, field, 1).catch(() => undefined);
  }

  /** Every counter with its labels and values. */
  async read(): Promise<Record<SharedCounterName, Record<string, number>>> {
    const raw = await this.redis.hgetall(KEY);
    const out: Record<SharedCounterName, Record<string, number>> = { whatsapp_deliveries: {}, login_failures: {} };
    for (const [field, value] of Object.entries(raw)) {
      const [counter, label] = field.split(':') as [SharedCounterName, string];
      if (counter in out && label) out[counter][label] = Number(value);
    }
    return out;
  }
}
