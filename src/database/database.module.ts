import { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import { buildDataSourceOptions } from './data-source-options';
import { assertNoPendingMigrations, PendingMigrationsError, prepareDatabase } from './database-init';
import { usePreparedStatements } from './prepared';

/**
 * PostgreSQL through TypeORM; the schema is brought up to date before any module touches it, or,
 * with MIGRATE_ON_START=false (the migrate service did it), checked to be up to date.
 */
export function databaseModule(config: AppConfig, logger: Logger): DynamicModule {
  return TypeOrmModule.forRootAsync({
    useFactory: () => {
      usePreparedStatements(config.databasePreparedStatements);
      // Connection failures are retried (the database may still be starting); a stale schema is not.
      return {
        ...buildDataSourceOptions(config.databaseUrl!, {}, config.databasePoolSize),
        toRetry: (error: unknown) => !(error instanceof PendingMigrationsError),
      };
    },
    dataSourceFactory: async (options) => {
      const dataSource = await new DataSource(options!).initialize();
      try {
        if (config.migrateOnStart) await prepareDatabase(dataSource, config, logger);
        else await assertNoPendingMigrations(dataSource);
      } catch (error) {
        await dataSource.destroy().catch(() => undefined);
        throw error;
      }
      return dataSource;
    },
  });
}
