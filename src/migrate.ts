import 'reflect-metadata';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from './database/data-source-options';
import { prepareDatabase } from './database/database-init';
import { runEntryPoint } from './entry-point';
import { startEmbeddedPostgres } from './infra/embedded-postgres';

// Like the api's own start: the database may still be coming up when this runs.
const CONNECT_ATTEMPTS = 10;
const CONNECT_DELAY_MS = 3000;

/**
 * The one-shot migration step (`node dist/src/migrate.js`, compose's `migrate` service): pending
 * migrations and the idempotent seeds, under the same advisory lock as a start with
 * MIGRATE_ON_START=true, then exit 0. The api and worker then start with MIGRATE_ON_START=false, so
 * a deployment changes its schema once, before any new code serves.
 */
runEntryPoint('Migration failed', async (config, logger) => {
  // Without DATABASE_URL: the embedded default's private server, the one `npm start` would use.
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres({ dataDir: config.dataDir, logger: (msg) => logger.info(msg) });
  const dataSource = new DataSource(buildDataSourceOptions(embedded?.url ?? config.databaseUrl!, {}, 2));
  try {
    await connect(dataSource, logger);
    await prepareDatabase(dataSource, config, logger);
    logger.info('database up to date: migrations and seeds applied');
  } finally {
    if (dataSource.isInitialized) await dataSource.destroy();
    await embedded?.stop();
  }
  process.exit(0);
});

async function connect(dataSource: DataSource, logger: Logger): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await dataSource.initialize();
      return;
    } catch (error) {
      if (attempt >= CONNECT_ATTEMPTS) throw error;
      logger.warn({ attempt, err: error instanceof Error ? error.message : String(error) }, 'database not reachable yet; retrying');
      await new Promise((resolve) => setTimeout(resolve, CONNECT_DELAY_MS));
    }
  }
}
