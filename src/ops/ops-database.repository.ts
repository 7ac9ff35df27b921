import pg from 'pg';
import { OpsError } from './pg-tools';

/** Tables whose row counts the manifest records and a restore checks (what an operator would miss first). */
export const COUNTED_TABLES = ['requests', 'users', 'sticker_images', 'governance_cards', 'assurance_attempts'] as const;
export type RowCounts = Partial<Record<(typeof COUNTED_TABLES)[number], number>>;

export interface ServerInfo {
  major: number;
  version: string;
}

/** The statements backup and restore run themselves (pg_dump and pg_restore do the rest). */
export class OpsDatabase {
  private constructor(private readonly client: pg.Client) {}

  static async connect(databaseUrl: string, applicationName: string): Promise<OpsDatabase> {
    const client = new pg.Client({ connectionString: databaseUrl, application_name: applicationName, connectionTimeoutMillis: 15_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      const url = new URL(databaseUrl);
      throw new OpsError(`Cannot reach the database ${url.hostname}:${url.port || 5432}${url.pathname}: ${(error as Error).message}`);
    }
    return new OpsDatabase(client);
  }

  async close(): Promise<void> {
    await this.client.end().catch(() => undefined);
  }

  /** Gathers the planner's statistics of every table (a restored database has none until autovacuum runs, or never when it is off). */
  async analyze(): Promise<void> {
    await this.client.query('ANALYZE');
  }

  async server(): Promise<ServerInfo> {
    const { rows } = await this.client.query<{ num: string; version: string }>(
      `SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version`,
    );
    return { major: Math.floor(Number(rows[0].num) / 10_000), version: rows[0].version };
  }

  /**
   * Opens a read-only snapshot and exports it: pg_dump started with `--snapshot` sees exactly what the
   * counts read here see. The transaction must stay open until pg_dump has begun (endSnapshot after).
   */
  async exportSnapshot(): Promise<string> {
    await this.client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await this.client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    return rows[0].id;
  }

  async endSnapshot(): Promise<void> {
    await this.client.query('COMMIT');
  }

  /** Migrations recorded in schema_migrations, in the order they ran (empty when the table is missing). */
  async appliedMigrations(): Promise<string[]> {
    const { rows: exists } = await this.client.query(`SELECT to_regclass('public.schema_migrations') IS NOT NULL AS present`);
    if (!exists[0].present) return [];
    const { rows } = await this.client.query<{ name: string }>(`SELECT name FROM schema_migrations ORDER BY timestamp, id`);
    return rows.map((r) => r.name);
  }

  async rowCounts(): Promise<RowCounts> {
    const counts: RowCounts = {};
    for (const table of COUNTED_TABLES) {
      const { rows: exists } = await this.client.query(`SELECT to_regclass($1) IS NOT NULL AS present`, [`public.${table}`]);
      if (!exists[0].present) continue;
      const { rows } = await this.client.query<{ n: string }>(`SELECT count(*) AS n FROM ${this.client.escapeIdentifier(table)}`);
      counts[table] = Number(rows[0].n);
    }
    return counts;
  }

  /** Tables, views and sequences outside PostgreSQL's own schemas: a few names, and how many in all. */
  async userObjects(): Promise<{ total: number; sample: string[] }> {
    const { rows } = await this.client.query<{ name: string; total: string }>(
      `SELECT n.nspname || '.' || c.relname AS name, count(*) OVER () AS total
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
        ORDER BY 1 LIMIT 5`,
    );
    return { total: rows.length ? Number(rows[0].total) : 0, sample: rows.map((r) => r.name) };
  }

  /** --overwrite: everything in the public schema goes (the app keeps nothing elsewhere). */
  async dropPublicSchema(): Promise<void> {
    await this.client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await this.client.query('CREATE SCHEMA public');
  }

  /** For the outbox's own statement after a restore (owned by the messaging module). */
  get queryable(): pg.Client {
    return this.client;
  }
}
