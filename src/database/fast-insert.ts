import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { preparedQuery } from './prepared';

/**
 * INSERT … RETURNING for the hot write paths (every public request, every activity row): the SQL is
 * built once per set of properties from the entity's own metadata, so column names never drift from
 * the entity, and each call is a plain parameterised query without the query builder's per-call work.
 * Properties are the entity's property paths (embedded ones included, e.g. 'fields.eventType' or just
 * 'eventType' for an embedded without prefix); properties left out get the column's database default.
 */
export class FastInsert<E extends ObjectLiteral> {
  private readonly compiled = new Map<string, { sql: string; paths: string[] }>();

  constructor(
    private readonly target: EntityTarget<E>,
    private readonly returning: readonly string[] = ['id'],
  ) {}

  async run(manager: EntityManager, values: Record<string, unknown>): Promise<Record<string, unknown>[]> {
    const paths = Object.keys(values).filter((k) => values[k] !== undefined);
    const key = paths.join(',');
    let statement = this.compiled.get(key);
    if (!statement) {
      statement = this.compile(manager, paths);
      this.compiled.set(key, statement);
    }
    return preparedQuery<Record<string, unknown>>(
      manager,
      statement.sql,
      statement.paths.map((p) => values[p]),
    );
  }

  private compile(manager: EntityManager, paths: string[]): { sql: string; paths: string[] } {
    const metadata = manager.connection.getMetadata(this.target);
    const column = (path: string) => {
      const found = metadata.columns.find((c) => c.propertyPath === path || c.propertyName === path);
      if (!found) throw new Error(`${metadata.tableName} has no property ${path}`);
      if (found.transformer) throw new Error(`${metadata.tableName}.${path} has a transformer; FastInsert passes values as they are`);
      return found;
    };
    const columns = paths.map((p) => `"${column(p).databaseName}"`);
    const returning = this.returning.map((p) => `"${column(p).databaseName}" AS "${p}"`);
    const sql =
      `INSERT INTO "${metadata.tableName}" (${columns.join(', ')}) VALUES (${paths.map((_, i) => `$${i + 1}`).join(', ')})` +
      (returning.length ? ` RETURNING ${returning.join(', ')}` : '');
    return { sql, paths };
  }
}
