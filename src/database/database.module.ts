import { DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/app-config';
import { buildDataSourceOptions } from './data-source-options';
import { prepareDatabase } from './database-init';
import { usePreparedStatements } from './prepared';

/** PostgreSQL through TypeORM; the schema is brought up to date before any module touches it. */
export function databaseModule(config: AppConfig, logger: Logger): DynamicModule {
  return TypeOrmModule.forRootAsync({
    useFactory: () => {
      usePreparedStatements(config.databasePreparedStatements);
      return buildDataSourceOptions(config.databaseUrl!, {}, config.databasePoolSize);
    },
    dataSourceFactory: async (options) => {
      const dataSource = await new DataSource(options!).initialize();
      await prepareDatabase(dataSource, config, logger);
      return dataSource;
    },
  });
}
