/**
 * The service tier's one factory (immich's `newTestService` is the model): builds a service with every
 * constructor dependency replaced — the unit of work, the activity log, the clock, the logger and the
 * configuration by the shared fakes of ./fakes, every other class (repositories, other modules'
 * services) by a stub whose methods are `jest.fn()`s — so a spec states only what its rule needs:
 *
 *   const t = newTestService(RequestNotesService);
 *   t.mock(RequestNotesRepository).exists.mockResolvedValue(true);
 *   await t.sut.add(7, { text: 'اتصل قبل الوصول' }, admin);
 *   expect(t.activity.entries).toEqual([...]);
 *
 * A dependency can be given outright instead (`provide: [[Token, value]]`): an in-memory fake repository
 * where a rule reads back what it wrote. No database, no Redis, no Nest container: milliseconds a file.
 */
import 'reflect-metadata';
import { jest } from '@jest/globals';
import type { Mocked } from 'jest-mock';
import type pino from 'pino';
import { Writable } from 'node:stream';
import type { AdminPrincipal } from '../../src/common/auth/current-admin.decorator';
import { FakeClock, Clock } from '../../src/common/clock/clock';
import type { RequestMeta } from '../../src/common/http/request-meta';
import { APP_LOGGER, createLogger } from '../../src/common/logging/logger';
import { APP_CONFIG, loadConfig, type AppConfig } from '../../src/config/app-config';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { ActivityLogService } from '../../src/database/activity-log/activity-log.service';
import { FakeActivityLog, FakeUnitOfWork } from './fakes';

type Class<T = unknown> = abstract new (...args: never[]) => T;
type Token = Class | string | symbol;

/** The administrator a spec acts as, and where the call came from. */
export const TEST_ADMIN: AdminPrincipal = { userId: 3, username: 'huda', role: 'admin', sessionId: 11, isEmergency: false };
export const TEST_META: RequestMeta = { ip: '10.0.0.5', userAgent: 'tablet', requestId: 'req-1' };

/** The moment every service spec starts at, unless it says otherwise (a Sunday morning in Riyadh). */
export const TEST_NOW = new Date('2026-11-29T06:00:00Z');

export interface TestServiceOptions {
  /** Dependencies given outright, by class or injection token (they win over the fakes and stubs). */
  provide?: [Token, unknown][];
  /** Environment for the configuration (APP_CONFIG), over the test defaults. */
  env?: Record<string, string>;
  /** The clock's start. */
  now?: Date;
}

export interface TestService<T> {
  sut: T;
  uow: FakeUnitOfWork;
  activity: FakeActivityLog;
  clock: FakeClock;
  config: AppConfig;
  /** Every line the service logged, as JSON text. */
  logLines: string[];
  /** The stub (or the given value) that stands for a dependency. */
  mock<D>(token: Class<D>): Mocked<D>;
  mock<D = Record<string, jest.Mock>>(token: string | symbol): D;
}

/** A stub of a class: each method of its prototype chain a `jest.fn()` (resolving undefined until told). */
export function stubOf<T>(Type: Class<T>): Mocked<T> {
  const stub: Record<string, unknown> = {};
  for (let proto = Type.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === 'constructor' || name in stub) continue;
      const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
      if (typeof descriptor.value === 'function') stub[name] = jest.fn();
    }
  }
  return stub as Mocked<T>;
}

/** A stub of something known only by a token (an interface: a provider, Redis): any method it is asked for. */
function stubOfToken(): Record<string, jest.Mock> {
  const methods = new Map<string | symbol, jest.Mock>();
  return new Proxy({} as Record<string, jest.Mock>, {
    get: (_target, name) => {
      if (name === 'then') return undefined; // not a promise
      if (!methods.has(name)) methods.set(name, jest.fn());
      return methods.get(name);
    },
    set: (_target, name, value) => (methods.set(name, value), true),
  });
}

/** Configuration as the tests' app has it, without reading or writing any file. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({ NODE_ENV: 'test', APP_SECRET: 'service-spec-secret-of-at-least-32-characters', LOG_LEVEL: 'debug', ...env });
}

/** What Nest would inject into each constructor parameter: the declared type, or the @Inject() token. */
function constructorTokens(Service: Class): Token[] {
  const types: Token[] = [...((Reflect.getMetadata('design:paramtypes', Service) as Token[] | undefined) ?? [])];
  for (const { index, param } of (Reflect.getMetadata('self:paramtypes', Service) as { index: number; param: Token }[] | undefined) ?? [])
    types[index] = param;
  if (types.length < Service.length) throw new Error(`${Service.name}: no constructor metadata (is it @Injectable()?)`);
  return types;
}

export function newTestService<T>(Service: new (...args: never[]) => T, options: TestServiceOptions = {}): TestService<T> {
  const uow = new FakeUnitOfWork();
  const activity = new FakeActivityLog();
  const clock = new FakeClock(options.now ?? TEST_NOW);
  const config = testConfig(options.env);
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger('debug', sink as unknown as pino.DestinationStream);

  const given = new Map<Token, unknown>([
    [UnitOfWork, uow],
    [ActivityLogService, activity],
    [Clock, clock],
    [FakeClock, clock],
    [APP_LOGGER, logger],
    [APP_CONFIG, config],
    ...(options.provide ?? []),
  ]);
  const made = new Map<Token, unknown>();
  const dependency = (token: Token): unknown => {
    if (given.has(token)) return given.get(token);
    if (!made.has(token)) made.set(token, typeof token === 'function' && token !== Object ? stubOf(token) : stubOfToken());
    return made.get(token);
  };
  const tokens = constructorTokens(Service);
  // A parameter typed by an interface (Object in the metadata) gets a stub of its own, never a shared one.
  const args = tokens.map((token, i) => (token === Object ? dependency(Symbol(`${Service.name}#${i}`)) : dependency(token)));
  const sut = new Service(...(args as never[]));

  return {
    sut,
    uow,
    activity,
    clock,
    config,
    logLines,
    mock: ((token: Token) => {
      if (!tokens.includes(token) && !given.has(token))
        throw new Error(`${Service.name} does not take ${String((token as Class).name ?? token)}`);
      return dependency(token);
    }) as TestService<T>['mock'],
  };
}
