import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
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

/** SIGKILLs what is still running (afterAll). */
export function killAll(children: ChildProcess[]): void {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}
