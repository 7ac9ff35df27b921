import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, readdirSync } from 'node:fs';
import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { ensureOsUser, makeTraversable, type OsUser } from '../../src/infra/embedded-postgres/os-user';

/**
 * A private PostgreSQL server from the distribution's packages (/usr/lib/postgresql/<N>/bin, installed
 * by `node scripts/ensure-system-deps.mjs postgres`), for tests that need the server and its client
 * programs of one major version: the embedded PostgreSQL 18 of the other tests ships no pg_dump, and a
 * pg_dump must be at least as new as the server it dumps. Listens on 127.0.0.1 on a free port with a
 * random password, no Unix socket; as root it runs as the OS user "postgres", like the embedded one.
 */
export interface SystemPostgres {
  major: number;
  binDir: string;
  /** The URL of one database on this server. */
  url(database: string): string;
  stop(): Promise<void>;
}

const TOOLS = ['initdb', 'postgres', 'pg_dump', 'pg_restore'];

/** The newest /usr/lib/postgresql/<N>/bin holding the server and its client programs. */
export function systemPostgresBin(): { major: number; binDir: string } | null {
  let versions: number[];
  try {
    versions = readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => b - a);
  } catch {
    return null;
  }
  for (const major of versions) {
    const binDir = `/usr/lib/postgresql/${major}/bin`;
    const complete = TOOLS.every((tool) => {
      try {
        accessSync(join(binDir, tool), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
    if (complete) return { major, binDir };
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function run(file: string, args: string[], user: OsUser | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { uid: user?.uid, gid: user?.gid, encoding: 'utf8' }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${file} failed: ${stderr || error.message}`)) : resolve(),
    );
  });
}

export async function startSystemPostgres(dataDir: string): Promise<SystemPostgres> {
  const found = systemPostgresBin();
  if (!found) {
    throw new Error(
      'No PostgreSQL server with pg_dump under /usr/lib/postgresql/<N>/bin: run `node scripts/ensure-system-deps.mjs postgres` ' +
        "(as root it installs Debian's postgresql and postgresql-client packages).",
    );
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const user = isRoot ? await ensureOsUser(() => undefined) : undefined;
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (user) {
    await makeTraversable(dataDir, () => undefined);
    await chown(dataDir, user.uid, user.gid);
  }
  const cluster = join(dataDir, 'cluster');
  const password = randomBytes(18).toString('hex');
  const passwordFile = join(dataDir, 'password');
  await writeFile(passwordFile, password + '\n', { mode: 0o600 });
  if (user) await chown(passwordFile, user.uid, user.gid);
  await run(
    join(found.binDir, 'initdb'),
    ['-D', cluster, '-U', 'postgres', `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '--encoding=UTF8', '--locale=C', '--no-sync'],
    user,
  );
  await rm(passwordFile, { force: true });

  const port = await freePort();
  const server: ChildProcess = spawn(
    join(found.binDir, 'postgres'),
    ['-D', cluster, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    { uid: user?.uid, gid: user?.gid, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  server.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  });
  const url = (database: string) => `postgresql://postgres:${password}@127.0.0.1:${port}/${database}`;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url('postgres') });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
      if (server.exitCode !== null || Date.now() > deadline) {
        server.kill('SIGKILL');
        throw new Error(`PostgreSQL ${found.major} did not start:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  let stopping: Promise<void> | undefined;
  return {
    ...found,
    url,
    stop: () =>
      (stopping ??= (async () => {
        if (server.exitCode === null) {
          server.kill('SIGINT'); // fast shutdown
          const timer = setTimeout(() => server.kill('SIGKILL'), 20_000);
          await exited;
          clearTimeout(timer);
        }
        await rm(dataDir, { recursive: true, force: true });
      })()),
  };
}
