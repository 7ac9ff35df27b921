import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { testState } from './test-env';

/**
 * The server compiled as production runs it (tsc to CommonJS), once per test run and shared by the
 * files that start real worker processes (tests that kill them need a process of their own).
 */
export function compiledServer(): string {
  const runTag = testState().redisPrefix.replace(/[^a-zA-Z0-9_-]/g, '_');
  const build = resolve('.data/test', `server-build-${runTag}`);
  const done = join(build, '.compiled');
  if (existsSync(done)) return build;
  mkdirSync(build, { recursive: true });
  execFileSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', build], {
    stdio: 'inherit',
  });
  writeFileSync(done, new Date().toISOString());
  return build;
}

/**
 * The worker process's APP_SECRET. An api app that queues messages with secret parts (login codes, the
 * host's link) for this worker must use it too, as production's api and worker share one .env.
 */
export const WORKER_APP_SECRET = 'worker-test-secret-worker-test-secret-worker';

/** Starts the compiled worker with the run's database and the given settings (stderr passed through). */
export function startWorkerProcess(build: string, env: Record<string, string>): ChildProcess {
  const state = testState();
  return spawn(process.execPath, [join(build, 'src/worker.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      APP_SECRET: WORKER_APP_SECRET,
      DATABASE_URL: state.databaseUrl,
      REDIS_URL: state.redisUrl,
      LOG_LEVEL: process.env.WORKER_TEST_LOG_LEVEL ?? 'error',
      ADMIN_PASSWORD: 'worker-test-password',
      WHATSAPP_DAILY_BUSINESS_INITIATED_CAP: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A port nothing listens on now (the kernel's pick). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the compiled api (no UIs, no in-process worker) on a free port with the run's database and
 * answers its base URL once /api/health answers. A process of its own, so a test measuring its answer
 * times is not slowed by what it measures.
 */
export async function startApiProcess(build: string, env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const state = testState();
  const port = await freePort();
  const child = spawn(process.execPath, [join(build, 'src/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_SECRET: 'api-test-secret-api-test-secret-api-test-secret',
      DATABASE_URL: state.databaseUrl,
      REDIS_URL: state.redisUrl,
      LOG_LEVEL: 'error',
      ADMIN_PASSWORD: 'api-test-password',
      SERVE_UI: 'false',
      WORKER_IN_PROCESS: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the api process exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return { child, base };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the api process did not answer /api/health within a minute');
}

/** SIGKILLs what is still running (afterAll). */
export function killAll(children: ChildProcess[]): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}
