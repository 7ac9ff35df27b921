// Creating and dropping databases on any server (the embedded one, or the tests' TEST_DATABASE_URL).
import pg from 'pg';
import { pgErrorCode, sleep } from './helpers';

/**
 * Creates the database `name` on the server of `url` (any database on it) unless it exists.
 * Resolves true when it was created. Safe to run from several processes at once.
 */
export async function createDatabase(url: string, name: string): Promise<boolean> {
  return withAdminClient(url, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
        return true;
      } catch (err) {
        const code = pgErrorCode(err);
        if (code === '42P04') return false; // duplicate_database: someone else just made it
        // object_in_use: another CREATE DATABASE is copying template1 at this moment.
        if (code === '55006' && attempt < 20) {
          await sleep(100 * attempt);
          continue;
        }
        throw err;
      }
    }
  });
}

/** Drops the database `name` on the server of `url` if it exists, closing its open connections. */
export async function dropDatabase(url: string, name: string): Promise<void> {
  await withAdminClient(url, async (client) => {
    if (client.database === name) throw new Error(`Refusing to drop the maintenance database "${name}"`);
    // WITH (FORCE) exists since PostgreSQL 13.
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  });
}

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (const maintenanceDb of ['postgres', 'template1']) {
    const target = new URL(url);
    target.pathname = `/${maintenanceDb}`;
    const client = new pg.Client({ connectionString: target.toString() });
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (err) {
      lastError = err;
      await client.end().catch(() => undefined);
      if (pgErrorCode(err) === '3D000') continue; // no such database: try the next one
      throw err;
    }
    try {
      return await fn(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  throw lastError;
}
