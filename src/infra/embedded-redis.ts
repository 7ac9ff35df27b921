import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants as fsConstants, promises as fs, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join, resolve } from 'node:path';
import Redis from 'ioredis';

/**
 * A private Redis server for machines with no REDIS_URL: the `redis-server` found on PATH, run as
 * a child process.
 *
 * Layout under the data folder:
 *   <dataDir>/redis/              working directory: append-only file (appendonlydir/), redis.log
 *   <dataDir>/redis/auth.conf     the requirepass line, mode 0600, given to redis-server as its config file
 *   <dataDir>/redis.password      the password, mode 0600
 *
 * The password goes through a 0600 config file instead of `--requirepass` on the command line,
 * because command lines are visible to every local account (ps). All other settings are on the
 * command line.
 */

export interface EmbeddedRedisOptions {
  /** The data folder; Redis keeps its files in `<dataDir>/redis`. */
  dataDir: string;
  /** A fixed port. Default: 56379 when free, otherwise any free port. */
  port?: number;
  logger?: (msg: string) => void;
}

export interface EmbeddedRedis {
  /** redis://:<password>@127.0.0.1:<port> */
  url: string;
  /** Shuts the server down (SIGTERM: the append-only file is flushed); safe to call more than once. */
  stop(): Promise<void>;
}

const DEFAULT_PORT = 56379;
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 15_000;

export const REDIS_SERVER_MISSING_MESSAGE =
  'REDIS_URL is not set and no redis-server program was found on PATH, so the private Redis server cannot be started. ' +
  'Install Redis (Debian/Ubuntu: sudo apt-get install redis-server; macOS: brew install redis) ' +
  '- `npm start` and `npm test` do this for you when they can - or set REDIS_URL to an existing Redis server.';

/** Absolute path of the `redis-server` program on PATH, or null. */
export function findRedisServer(): string | null {
  const names = process.platform === 'win32' ? ['redis-server.exe'] : ['redis-server'];
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const name of names) {
      const candidate = resolve(dir, name);
      try {
        accessSync(candidate, fsConstants.X_OK);
        if (statSync(candidate).isFile()) return candidate;
      } catch {
        // not here
      }
    }
  }
  return null;
}

/**
 * redis-server runs under a small /bin/sh wrapper so that it cannot outlive this process, even
 * when this process is killed with SIGKILL: the wrapper reads our end of a pipe on stdin, and when
 * that pipe closes (this process has exited, however it ended) it stops Redis with SIGTERM.
 * SIGTERM/SIGINT/SIGHUP sent to the wrapper are passed on to Redis. The wrapper exits with Redis.
 *   $0 = redis-server path, "$@" = its arguments.
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$0" "$@" </dev/null 3<&- &',
  'child=$!',
  'trap \'kill -TERM "$child" 2>/dev/null\' TERM INT HUP',
  '( while read -r _; do :; done; kill -TERM "$child" 2>/dev/null ) <&3 &',
  'watcher=$!',
  'exec 3<&-',
  'code=0',
  'while kill -0 "$child" 2>/dev/null; do wait "$child"; code=$?; done',
  'kill "$watcher" 2>/dev/null',
  'exit "$code"',
].join('\n');

/** Wrappers still running, stopped when this process exits. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function killAllOnExit(): void {
  for (const child of running) {
    try {
      child.kill('SIGTERM');
    } catch {
      // already gone
    }
  }
}

export async function startEmbeddedRedis(opts: EmbeddedRedisOptions): Promise<EmbeddedRedis> {
  const log = opts.logger ?? (() => undefined);
  const binary = findRedisServer();
  if (!binary) throw new Error(REDIS_SERVER_MISSING_MESSAGE);

  const dataDir = resolve(opts.dataDir);
  const redisDir = join(dataDir, 'redis');
  await fs.mkdir(redisDir, { recursive: true, mode: 0o700 });
  const password = await readOrCreateSecret(join(dataDir, 'redis.password'));
  const authConf = join(redisDir, 'auth.conf');
  await fs.writeFile(authConf, `requirepass ${password}\n`, { mode: 0o600 });
  await fs.chmod(authConf, 0o600);
  const logFile = join(redisDir, 'redis.log');
  const pidFile = join(redisDir, 'redis.pid');
  await clearPidFile(pidFile, redisDir, log);
  const port = await choosePort(opts.port, DEFAULT_PORT);

  const args = [
    authConf,
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--dir',
    redisDir,
    '--appendonly',
    'yes',
    '--maxmemory-policy',
    'noeviction',
    '--save',
    '',
    '--protected-mode',
    'yes',
    '--daemonize',
    'no',
    '--logfile',
    logFile,
    '--pidfile',
    pidFile,
  ];
  // detached: its own process group, so a Ctrl-C in the terminal reaches only this process, which
  // then stops Redis after the app has finished with it.
  const child = spawn('/bin/sh', ['-c', WATCHDOG, binary, ...args], {
    stdio: ['pipe', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  child.stdin?.on('error', () => undefined);
  const exited = new Promise<void>((resolveExit) => {
    child.once('exit', () => resolveExit());
    child.once('error', () => resolveExit());
  });
  let stopping: Promise<void> | undefined;
  child.once('exit', (code, signal) => {
    running.delete(child);
    child.stdin?.destroy();
    if (!stopping) log(`Redis exited unexpectedly (code ${code ?? '-'}, signal ${signal ?? '-'}); see ${logFile}`);
  });
  running.add(child);
  if (!exitHookInstalled) {
    process.on('exit', killAllOnExit);
    exitHookInstalled = true;
  }
  // Redis must not keep this process alive; the watchdog takes care of it when we exit.
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  (child.stderr as unknown as { unref?: () => void } | null)?.unref?.();

  const stop = (): Promise<void> => (stopping ??= stopChild(child, exited));

  try {
    await waitUntilReady(port, password, exited, child);
  } catch (err) {
    await stop();
    const details = [stderr.trim(), await tail(logFile, 15)].filter(Boolean).join('\n');
    throw new Error(
      `Could not start Redis (${binary}, port ${port}, data in ${redisDir}): ${err instanceof Error ? err.message : String(err)}` +
        (details ? `\nLast messages:\n${details}` : ''),
      { cause: err },
    );
  }

  return { url: `redis://:${encodeURIComponent(password)}@127.0.0.1:${port}`, stop };
}

async function waitUntilReady(port: number, password: string, exited: Promise<void>, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let lastError = 'no answer';
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`redis-server exited during startup (code ${child.exitCode ?? '-'}, signal ${child.signalCode ?? '-'})`);
    }
    const client = new Redis({
      host: '127.0.0.1',
      port,
      password,
      lazyConnect: true,
      enableOfflineQueue: false,
      enableReadyCheck: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: 1000,
      disconnectTimeout: 100, // ioredis otherwise holds a 2 s timer after a refused attempt
    });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err); // ECONNREFUSED, LOADING, ...
    } finally {
      client.disconnect();
    }
    if (Date.now() > deadline) {
      throw new Error(`Redis did not answer PING within ${START_TIMEOUT_MS / 1000} s (last error: ${lastError})`);
    }
    await Promise.race([exited, sleep(100)]);
  }
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      exited.then(() => false),
      new Promise<boolean>((resolveTimeout) => {
        timer = setTimeout(() => resolveTimeout(true), STOP_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(timer);
    if (timedOut && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL'); // the whole group: wrapper, redis-server, watcher
      } catch {
        child.kill('SIGKILL');
      }
      await exited;
    }
  }
  running.delete(child);
  child.stdin?.destroy();
  child.stderr?.destroy();
}

/**
 * Two servers on one append-only file would corrupt it. Redis writes redis.pid while it runs and
 * removes it on shutdown: a live redis-server behind it is an error, a stale file is removed.
 */
async function clearPidFile(pidFile: string, redisDir: string, log: (msg: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number.parseInt(await fs.readFile(pidFile, 'utf8'), 10);
  } catch {
    return;
  }
  if (Number.isInteger(pid) && pid > 0 && (await isRedisProcess(pid))) {
    throw new Error(
      `Another Redis server (pid ${pid}) is already running on ${redisDir}. ` +
        `Stop that process (for example: kill ${pid}) or use a different data folder.`,
    );
  }
  await fs.rm(pidFile, { force: true });
  log(`Removed a stale redis.pid from ${redisDir} (left by a run that did not shut down)`);
}

async function isRedisProcess(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  try {
    return (await fs.readFile(`/proc/${pid}/comm`, 'utf8')).includes('redis');
  } catch {
    return true; // no /proc: assume the worst rather than run two servers on one file
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
async function readOrCreateSecret(file: string): Promise<string> {
  try {
    const value = (await fs.readFile(file, 'utf8')).trim();
    if (value) return value;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const value = randomBytes(24).toString('hex');
  await fs.writeFile(file, value + '\n', { mode: 0o600 });
  await fs.chmod(file, 0o600);
  return value;
}

async function tail(file: string, lines: number): Promise<string> {
  try {
    return (await fs.readFile(file, 'utf8')).trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}
