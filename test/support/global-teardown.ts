import { readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import IORedis from 'ioredis';
import { dropDatabase } from '../../src/infra/embedded-postgres';
import type { TestState } from './test-env';

/** Drops the run's database and Redis keys, then stops the private servers it started. */
export default async function globalTeardown(): Promise<void> {
  const shared = globalThis as { __testInfraUsers?: number };
  shared.__testInfraUsers = (shared.__testInfraUsers ?? 1) - 1;
  if (shared.__testInfraUsers > 0) return;

  const state = (globalThis as { __testState?: TestState }).__testState;
  if (!state) return;
  await dropDatabase(state.serverUrl, state.databaseName).catch(() => undefined);
  const redis = new IORedis(state.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${state.redisPrefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } catch {
    // Redis may already be gone; its keys are then gone too.
  } finally {
    redis.disconnect();
  }
  // Servers compiled for the tests that start worker processes (test/support/server-process.ts).
  const tag = state.redisPrefix.replace(/[^a-zA-Z0-9_-]/g, '_');
  try {
    for (const name of readdirSync(resolve('.data/test')))
      if (name === `server-build-${tag}`) rmSync(resolve('.data/test', name), { recursive: true, force: true });
  } catch {
    // No .data/test: nothing was compiled.
  }
  const stops = (globalThis as { __testInfraStops?: (() => Promise<void>)[] }).__testInfraStops ?? [];
  for (const stop of stops) await stop().catch(() => undefined);
}
