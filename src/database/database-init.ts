import type { Logger } from 'pino';
import { DataSource, MigrationExecutor } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { runSeeds } from './seeds/run-seeds';

// Any constant works; it only has to be the same in every process of one deployment.
const MIGRATION_LOCK_KEY = 7_202_611;

/**
 * Runs pending migrations, then the idempotent seeds, under a PostgreSQL advisory lock so an api and
 * a worker starting together do not race each other.
 */
export async function prepareDatabase(dataSource: DataSource, config: AppConfig, logger: Logger): Promise<void> {
  const lockRunner = dataSource.createQueryRunner();
  await lockRunner.connect();
  try {
    await lockRunner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    if (applied.length) logger.info({ migrations: applied.map((m) => m.name) }, 'database migrations applied');
    await runSeeds(dataSource, config, logger);
  } finally {
    await lockRunner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockRunner.release();
  }
}

/** The schema is older than this code and MIGRATE_ON_START=false forbids bringing it up to date. */
export class PendingMigrationsError extends Error {}

/**
 * With MIGRATE_ON_START=false (the one-shot `node dist/src/migrate.js` migrates): refuses to go on
 * with a schema this code does not expect, rather than failing later on a missing column.
 */
export async function assertNoPendingMigrations(dataSource: DataSource): Promise<void> {
  const pending = await new MigrationExecutor(dataSource).getPendingMigrations();
  if (!pending.length) return;
  throw new PendingMigrationsError(
    `MIGRATE_ON_START=false and ${pending.length} database migration(s) are pending (${pending.map((m) => m.name).join(', ')}): ` +
      'run `node dist/src/migrate.js` first (docker compose runs it as the migrate service), or set MIGRATE_ON_START=true',
  );
}
