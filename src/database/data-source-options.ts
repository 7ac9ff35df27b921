import pg from 'pg';
import type { DataSourceOptions } from 'typeorm';
import { allEntities } from './entities';
import { migrations } from './migrations';
import { SnakeNamingStrategy } from './snake-naming.strategy';

// Calendar dates stay 'YYYY-MM-DD' strings: a JS Date would shift them by the server's time zone.
pg.types.setTypeParser(1082, (value: string) => value);

/** TypeORM options shared by the app, the worker, the CLI (ormconfig.ts) and the tests. */
export function buildDataSourceOptions(url: string, overrides: Partial<DataSourceOptions> = {}, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    entities: allEntities,
    migrations,
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: 'schema_migrations',
    applicationName: 'charity',
    extra: { max: poolSize, connectionTimeoutMillis: 5000 },
    ...overrides,
  } as DataSourceOptions;
}
