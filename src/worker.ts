import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { PinoNestLogger } from './common/logging/logger';
import { runEntryPoint, startInfrastructure, stopOnSignals } from './entry-point';
import { HealthService } from './modules/health/health.service';

const HEARTBEAT_EVERY_MS = 15_000;

/** The worker process: queue processors and schedules, no HTTP. Scale it apart from the api. */
runEntryPoint('Worker failed to start', async (config, logger) => {
  const infra = await startInfrastructure(config, logger);

  const app = await NestFactory.createApplicationContext(AppModule.register({ config, logger, http: false, worker: true }), {
    logger: new PinoNestLogger(logger),
  });
  await app.init();
  stopOnSignals(app, infra, logger, 'worker shutting down');
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
});
