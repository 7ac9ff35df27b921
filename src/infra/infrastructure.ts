import { chmod, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startEmbeddedPostgres } from './embedded-postgres';
import { startEmbeddedRedis } from './embedded-redis';

export interface InfrastructureOptions {
  /** A configured PostgreSQL URL; when set, no private server is started. */
  databaseUrl?: string;
  /** A configured Redis URL; when set, no private server is started. */
  redisUrl?: string;
  /** Where the private servers keep their data (`<dataDir>/postgres`, `<dataDir>/redis`). */
  dataDir: string;
  logger: (msg: string) => void;
}

export interface Infrastructure {
  databaseUrl: string;
  redisUrl: string;
  /** Stops the private servers this call started (not configured ones); safe to call more than once. */
  stop(): Promise<void>;
}

interface Service {
  url: string;
  stop(): Promise<void>;
}

/**
 * The "embedded default": a configured URL always wins; for whatever is not configured, a private
 * server is started with its data under dataDir. Both start in parallel; if one fails, the other is
 * stopped again before the error is thrown.
 */
export async function ensureInfrastructure(opts: InfrastructureOptions): Promise<Infrastructure> {
  const log = opts.logger;
  const dataDir = resolve(opts.dataDir);
  const databaseUrl = opts.databaseUrl?.trim() || undefined;
  const redisUrl = opts.redisUrl?.trim() || undefined;

  const [postgres, redis] = await Promise.allSettled([
    databaseUrl ? Promise.resolve(undefined) : startEmbeddedPostgres({ dataDir, logger: log }),
    redisUrl ? Promise.resolve(undefined) : startEmbeddedRedis({ dataDir, logger: log }),
  ]);
  const started = [postgres, redis].flatMap((r) => (r.status === 'fulfilled' && r.value ? [r.value] : []));
  const failure = [postgres, redis].find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    await Promise.allSettled(started.map((service) => service.stop()));
    throw failure.reason;
  }
  const pg = (postgres as PromiseFulfilledResult<Service | undefined>).value;
  const rd = (redis as PromiseFulfilledResult<Service | undefined>).value;

  if (pg) {
    log(
      `DATABASE_URL is not set: started a private PostgreSQL server on ${describe(pg.url)} ` +
        `(data in ${join(dataDir, 'postgres')}, password in ${join(dataDir, 'postgres.password')})`,
    );
  } else {
    log(`Using the PostgreSQL server from DATABASE_URL (${describe(databaseUrl!)})`);
  }
  if (rd) {
    log(
      `REDIS_URL is not set: started a private Redis server on ${describe(rd.url)} ` + `(data and password in ${join(dataDir, 'redis')})`,
    );
  } else {
    log(`Using the Redis server from REDIS_URL (${describe(redisUrl!)})`);
  }

  if (pg || rd) {
    // For people and tools (psql, redis-cli) that want to look inside the private servers.
    const file = join(dataDir, 'connection.env');
    const lines = [`DATABASE_URL=${pg?.url ?? databaseUrl}`, `REDIS_URL=${rd?.url ?? redisUrl}`];
    await writeFile(file, lines.join('\n') + '\n', { mode: 0o600 });
    await chmod(file, 0o600);
    log(`Connection URLs of the private servers are in ${file} (readable only by you)`);
  }

  let stopping: Promise<void> | undefined;
  return {
    databaseUrl: pg?.url ?? databaseUrl!,
    redisUrl: rd?.url ?? redisUrl!,
    stop: () =>
      (stopping ??= (async () => {
        const results = await Promise.allSettled(started.map((service) => service.stop()));
        const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed) throw failed.reason;
      })()),
  };
}

/** host:port/database of a URL, without user name or password. */
function describe(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname && parsed.pathname !== '/' ? parsed.pathname : '';
    return `${parsed.hostname}${parsed.port ? ':' + parsed.port : ''}${path}`;
  } catch {
    return 'an unparsable URL';
  }
}
