import { createHash } from 'node:crypto';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

interface PgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

const names = new Map<string, string>();
let enabled = true;

/**
 * Turns named prepared statements off (DATABASE_PREPARED_STATEMENTS=false), for a connection pooler
 * in transaction mode that cannot keep them (PgBouncer before 1.21, or without max_prepared_statements).
 */
export function usePreparedStatements(on: boolean): void {
  enabled = on;
}

/** A stable statement name per SQL text (PostgreSQL refuses one name for two texts). */
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs a hot statement as a named prepared statement on the connection the caller already holds
 * (its transaction's, or one taken from the pool for the call): PostgreSQL parses and plans it once
 * per connection instead of on every call. For the few statements every public request runs; the
 * rest of the code uses TypeORM as usual.
 */
export async function preparedQuery<T>(on: EntityManager | DataSource, text: string, values: unknown[]): Promise<T[]> {
  if (!enabled) return (await on.query(text, values)) as T[];
  const manager = 'driver' in on ? undefined : on;
  const runner: QueryRunner | undefined = manager?.queryRunner;
  if (runner && !runner.isReleased) {
    const client = (await runner.connect()) as PgClient;
    return (await client.query({ name: statementName(text), text, values })).rows as T[];
  }
  const source: DataSource = manager ? manager.connection : (on as DataSource);
  const own = source.createQueryRunner();
  try {
    const client = (await own.connect()) as PgClient;
    return (await client.query({ name: statementName(text), text, values })).rows as T[];
  } finally {
    await own.release();
  }
}
