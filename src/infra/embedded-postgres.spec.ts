import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, dropDatabase, startEmbeddedPostgres } from './embedded-postgres';

// Real PostgreSQL servers: initdb on first start takes a few seconds.
const TIMEOUT = 180_000;

async function query<T extends Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

describe('startEmbeddedPostgres', () => {
  let dataDir: string;

  // When run as root, startEmbeddedPostgres makes the (0700) temp folder enterable for the
  // "postgres" OS user itself: o+x on it and its parents.
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'embedded-pg-spec-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'initialises a cluster, answers SQL, and keeps data across a restart',
    async () => {
      const first = await startEmbeddedPostgres({ dataDir });
      try {
        expect(first.url).toMatch(/^postgresql:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/charity$/);
        expect(await query(first.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
        await query(first.url, 'CREATE TABLE spec_note (id integer PRIMARY KEY, body text NOT NULL)');
        await query(first.url, 'INSERT INTO spec_note (id, body) VALUES ($1, $2)', [1, 'فائض طعام']);
        const [encoding] = await query<{ server_encoding: string }>(first.url, 'SHOW server_encoding');
        expect(encoding.server_encoding).toBe('UTF8');
      } finally {
        await first.stop();
        await first.stop(); // idempotent
      }

      expect((await stat(join(dataDir, 'postgres', 'PG_VERSION'))).isFile()).toBe(true);
      expect((await stat(join(dataDir, 'postgres.password'))).mode & 0o777).toBe(0o600);

      const second = await startEmbeddedPostgres({ dataDir });
      try {
        expect(await query(second.url, 'SELECT body FROM spec_note WHERE id = 1')).toEqual([{ body: 'فائض طعام' }]);
      } finally {
        await second.stop();
      }
    },
    TIMEOUT,
  );

  it(
    'removes a stale postmaster.pid left by a crashed run',
    async () => {
      const dead = spawnSync(process.execPath, ['-e', '0']).pid; // a pid that no longer runs
      await writeFile(join(dataDir, 'postgres', 'postmaster.pid'), `${dead}\n${join(dataDir, 'postgres')}\n`);
      const server = await startEmbeddedPostgres({ dataDir });
      try {
        expect(await query(server.url, 'SELECT count(*)::int AS n FROM spec_note')).toEqual([{ n: 1 }]);
      } finally {
        await server.stop();
      }
    },
    TIMEOUT,
  );

  it(
    'creates and drops extra databases (one per test run)',
    async () => {
      const server = await startEmbeddedPostgres({ dataDir });
      const name = `charity_spec_${process.pid}`;
      try {
        expect(await createDatabase(server.url, name)).toBe(true);
        expect(await createDatabase(server.url, name)).toBe(false); // already there
        const url = withDatabase(server.url, name);
        expect(await query(url, 'SELECT current_database() AS db')).toEqual([{ db: name }]);

        // An open connection does not stop the drop.
        const open = new pg.Client({ connectionString: url });
        open.on('error', () => undefined);
        await open.connect();
        await dropDatabase(server.url, name);
        await open.end().catch(() => undefined);

        expect(await query(server.url, 'SELECT 1 AS n FROM pg_database WHERE datname = $1', [name])).toEqual([]);
        await dropDatabase(server.url, name); // dropping a missing database is fine
      } finally {
        await server.stop();
      }
    },
    TIMEOUT,
  );
});
