import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDatabase, startEmbeddedPostgres } from '../../src/infra/embedded-postgres';
import { startEmbeddedRedis } from '../../src/infra/embedded-redis';
import type { TestState } from './test-env';

/**
 * Once per test run: real PostgreSQL and Redis (TEST_DATABASE_URL / TEST_REDIS_URL when given,
 * otherwise private servers under .data/test), a fresh database and a fresh Redis key prefix.
 */
export default async function globalSetup(): Promise<void> {
  // Both the integration and the e2e projects name this setup; one run shares one set of services.
  const shared = globalThis as { __testInfraUsers?: number };
  shared.__testInfraUsers = (shared.__testInfraUsers ?? 0) + 1;
  if (shared.__testInfraUsers > 1) return;

  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dataDir = resolve('.data/test');
  mkdirSync(dataDir, { recursive: true });
  const stops: (() => Promise<void>)[] = [];

  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const pg = await startEmbeddedPostgres({ dataDir });
    stops.push(pg.stop);
    serverUrl = pg.url;
  }
  let redisUrl = process.env.TEST_REDIS_URL;
  if (!redisUrl) {
    const redis = await startEmbeddedRedis({ dataDir });
    stops.push(redis.stop);
    redisUrl = redis.url;
  }
  const databaseName = `test_${runId}`;
  await createDatabase(serverUrl, databaseName);
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;

  const state: TestState = { databaseUrl: url.toString(), serverUrl, databaseName, redisUrl, redisPrefix: `test-${runId}`, runId };
  // Kept in this process (setup and teardown share it), so parallel runs never see each other's state.
  (globalThis as { __testState?: TestState }).__testState = state;
  Object.assign(process.env, {
    TEST_RUN_DATABASE_URL: state.databaseUrl,
    TEST_RUN_REDIS_URL: state.redisUrl,
    TEST_RUN_REDIS_PREFIX: state.redisPrefix,
  });
  (globalThis as { __testInfraStops?: (() => Promise<void>)[] }).__testInfraStops = stops;
}
