import type { Logger } from 'pino';
import { type AppConfig, ConfigError, loadConfig } from './config/app-config';
import { loggerFor } from './common/logging/logger';
import { ensureInfrastructure, type Infrastructure } from './infra/infrastructure';

/**
 * What the api, the worker and the migration step share around their own start: the settings (a bad one
 * is its message and exit 1: it says what to fix, a stack trace would not), the logger, and any other
 * failure as one line, `<failure>: <stack>`, and exit 1.
 */
export function runEntryPoint(failure: string, start: (config: AppConfig, logger: Logger) => Promise<void>): void {
  const run = async () => {
    let config: AppConfig;
    try {
      config = loadConfig();
    } catch (error) {
      if (error instanceof ConfigError) {
        process.stderr.write(error.message + '\n');
        process.exit(1);
      }
      throw error;
    }
    await start(config, loggerFor(config));
  };
  run().catch((error: unknown) => {
    process.stderr.write(`${failure}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}

/** The embedded default: a private PostgreSQL and Redis for what is not configured; the config then points at them. */
export async function startInfrastructure(config: AppConfig, logger: Logger): Promise<Infrastructure> {
  const infra = await ensureInfrastructure({
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    dataDir: config.dataDir,
    logger: (msg: string) => logger.info(msg),
  });
  config.databaseUrl = infra.databaseUrl;
  config.redisUrl = infra.redisUrl;
  return infra;
}

/**
 * SIGINT and SIGTERM close the app once (Nest's shutdown hooks: the BullMQ workers let active jobs
 * finish), then the private servers stop and the process exits 0.
 */
export function stopOnSignals(app: { close(): Promise<void> }, infra: Infrastructure, logger: Logger, message: string): void {
  let stopping = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, message);
    try {
      await app.close();
    } finally {
      await infra.stop();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}
