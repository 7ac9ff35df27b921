import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pg from 'pg';
import pino from 'pino';
import request from 'supertest';
type TestAgent = ReturnType<typeof request>;
import { createHttpApp } from '../../src/bootstrap';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { FakeClock } from '../../src/common/clock/clock';
import { createLogger } from '../../src/common/logging/logger';
import { testState } from './test-env';

export interface TestApp {
  app: NestFastifyApplication;
  http: TestAgent;
  config: AppConfig;
  clock: FakeClock;
  /** Every line the application logged, as text (tests check that no secret reaches it). */
  logLines: string[];
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  worker?: boolean;
  clock?: FakeClock;
  extraModules?: Type[];
  /**
   * With a worker, messages other files left queued in the shared test database are cancelled first
   * (files that ran without a worker leave hundreds), so this file's worker delivers only its own.
   * Set to keep them.
   */
  keepQueuedMessages?: boolean;
}

/** The whole application on the run's real PostgreSQL and Redis, with a clock the test controls. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const state = testState();
  const dataDir = mkdtempSync(join(tmpdir(), 'charity-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: state.databaseUrl,
    REDIS_URL: state.redisUrl,
    REDIS_PREFIX: state.redisPrefix,
    LOG_LEVEL: 'info',
    OUTBOX_SWEEP_INTERVAL_MS: '300',
    ADMIN_PASSWORD: 'initial-admin-password',
    // The shared test database sees many numbers; tests of the cap set it themselves.
    WHATSAPP_DAILY_BUSINESS_INITIATED_CAP: '0',
    // Every file posts quick messages from 127.0.0.1; the test of these limits sets them itself.
    QUICK_MESSAGE_ACKS_PER_IP_PER_DAY: '0',
    QUICK_MESSAGE_ACKS_PER_NUMBER_PER_DAY: '0',
    ...options.env,
  });
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger(config.logLevel, sink as unknown as pino.DestinationStream);
  if (options.worker && !options.keepQueuedMessages) await cancelQueuedMessages(state.databaseUrl);
  const clock = options.clock ?? new FakeClock(new Date());
  const app = await createHttpApp({ config, logger, worker: options.worker ?? false, clock, extraModules: options.extraModules });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return {
    app,
    http: request(app.getHttpServer()),
    config,
    clock,
    logLines,
    close: () => app.close(),
  };
}

/** Cancels every attempt still waiting to be sent (see TestAppOptions.keepQueuedMessages) and closes the provider circuit. */
async function cancelQueuedMessages(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`UPDATE assurance_attempts SET status = 'cancelled' WHERE status IN ('queued', 'sending')`);
    // The provider circuit is shared through the database: a file that ended mid-outage must not pause the next one.
    await client.query(
      `UPDATE delivery_circuit SET state = 'closed', consecutive_failures = 0, opened_at = NULL, retry_at = NULL, cooldown_ms = 0, probe_by = NULL`,
    );
  } catch (error) {
    // A database without the schema yet (the first app of the run migrates it) has nothing queued.
    if ((error as { code?: string }).code !== '42P01') throw error;
  } finally {
    await client.end();
  }
}
