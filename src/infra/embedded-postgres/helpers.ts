// Small helpers of the embedded PostgreSQL: ports, the password file, processes, timeouts.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createServer } from 'node:net';

export async function choosePort(requested: number | undefined, preferred: number): Promise<number> {
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
export async function readOrCreateSecret(file: string): Promise<{ value: string; created: boolean }> {
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

export async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

export function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolveRun, reject) => {
    execFile(cmd, args, { encoding: 'utf8' }, (err, stdout) => (err ? reject(err) : resolveRun(stdout)));
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}

export async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
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

export function pgErrorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

export function errorText(err: unknown): string {
  return err instanceof Error ? err.message : err === undefined ? '' : String(err);
}

export class RecentLines {
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
