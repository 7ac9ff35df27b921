import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import pino from 'pino';
import { createHttpApp } from '../../src/bootstrap';
import { FakeClock } from '../../src/common/clock/clock';
import { loadConfig } from '../../src/config/app-config';
import { testState } from './test-env';

export interface Route {
  method: string;
  url: string;
}

/**
 * The api process (no worker) on the test database, and every route Fastify registered while Nest
 * added them: tests that walk "every route" read them from the app, never from a hand list, so a new
 * route is walked too.
 */
export async function appWithRoutes(
  env: Record<string, string> = {},
  clock: FakeClock = new FakeClock(new Date()),
): Promise<{ app: NestFastifyApplication; routes: Route[] }> {
  const state = testState();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'charity-test-')),
    DATABASE_URL: state.databaseUrl,
    REDIS_URL: state.redisUrl,
    REDIS_PREFIX: state.redisPrefix,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'initial-admin-password',
    ...env,
  });
  const app = await createHttpApp({ config, logger: pino({ level: 'silent' }), worker: false, clock });
  const routes: Route[] = [];
  // Routes are added during init: the hook sees each one.
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url ?? route.path });
    });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, routes };
}
