import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './config/app-config';
import { loggerFor, PinoNestLogger } from './common/logging/logger';
import { ensureInfrastructure } from './infra/infrastructure';
import { HealthService } from './modules/health/health.service';

const HEARTBEAT_EVERY_MS = 15_000;

/** The worker process: queue processors and schedules, no HTTP. Scale it apart from the api. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      process.exit(1);
    }
    throw error;
  }
  const logger = loggerFor(config);
  const infra = await ensureInfrastructure({
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    dataDir: config.dataDir,
    logger: (msg: string) => logger.info(msg),
  });
  config.databaseUrl = infra.databaseUrl;
  config.redisUrl = infra.redisUrl;

  const app = await NestFactory.createApplicationContext(AppModule.register({ config, logger, http: false, worker: true }), {
    logger: new PinoNestLogger(logger),
  });
  await app.init();
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'worker shutting down');
    try {
      await app.close(); // closes BullMQ workers: active jobs finish first
    } finally {
      await infra.stop();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  // No HTTP here, so the container health check reads a heartbeat file, refreshed only while the
  // database, Redis and the queue all answer.
  const heartbeatFile = join(config.dataDir, 'worker-heartbeat');
  mkdirSync(config.dataDir, { recursive: true });
  const health = app.get(HealthService);
  const beat = async (): Promise<void> => {
    const report = await health.check();
    if (report.status !== 'error') writeFileSync(heartbeatFile, report.time);
    else logger.warn({ checks: report.checks }, 'worker health check failed');
  };
  setInterval(() => void beat(), HEARTBEAT_EVERY_MS).unref();
  await beat();
  logger.info('worker ready');
}

main().catch((error: unknown) => {
  process.stderr.write(`Worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
