// The DataSource the TypeORM CLI uses (npm run typeorm -- migration:show, migration:generate).
// It reads DATABASE_URL; run `npm run build:server` first, the CLI loads dist/ormconfig.js.
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from './src/database/data-source-options';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to use the TypeORM CLI (for example postgres://user@127.0.0.1:5432/charity)');

export default new DataSource(buildDataSourceOptions(url));
