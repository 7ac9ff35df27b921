import type { RedisOptions } from 'ioredis';

/** ioredis options from a redis:// or rediss:// URL (user, password, database number, TLS). */
export function redisOptionsFromUrl(url: string, extra: RedisOptions = {}): RedisOptions {
  const parsed = new URL(url);
  const db = parsed.pathname && parsed.pathname !== '/' ? Number(parsed.pathname.slice(1)) : 0;
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 6379,
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
    ...(parsed.protocol === 'rediss:' ? { tls: {} } : {}),
    ...extra,
  };
}

/**
 * Reconnect at most a second after Redis comes back. BullMQ's own strategy grows as e^n up to 20 s,
 * so after a 20-second restart the worker would wait up to 20 s more before sending again.
 */
export function reconnectDelayMs(times: number): number {
  return Math.min(times * 200, 1000);
}
