import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/app-config';
import { loggerFor } from './common/logging/logger';
import { createHttpApp } from './bootstrap';
import { ensureInfrastructure } from './infra/infrastructure';

/** The api process: HTTP, plus the worker in the same process unless WORKER_IN_PROCESS=false. */
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
  if (config.appSecretSource === 'file') logger.info('APP_SECRET not set: using the one kept in the data folder');

  const app = await createHttpApp({ config, logger, worker: config.workerInProcess });
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      await infra.stop();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  logger.info(
    { port: config.port, worker: config.workerInProcess },
    `ready: public site http://${shown}:${config.port}/ · admin http://${shown}:${config.port}/admin/login`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
