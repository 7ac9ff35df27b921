import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { findRedisServer, startEmbeddedRedis } from './embedded-redis';

const TIMEOUT = 60_000;

async function withClient<T>(url: string, fn: (client: Redis) => Promise<T>): Promise<T> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    return await fn(client);
  } finally {
    client.disconnect();
  }
}

describe('startEmbeddedRedis', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'embedded-redis-spec-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finds redis-server on PATH', () => {
    expect(findRedisServer()).toMatch(/redis-server(\.exe)?$/);
  });

  it(
    'starts a password-protected server and keeps keys across a restart (append-only file)',
    async () => {
      const first = await startEmbeddedRedis({ dataDir });
      try {
        expect(first.url).toMatch(/^redis:\/\/:[^@]+@127\.0\.0\.1:\d+$/);
        await withClient(first.url, async (client) => {
          expect(await client.set('spec:key', 'قيمة')).toBe('OK');
          expect(await client.get('spec:key')).toBe('قيمة');
          expect(await client.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
        });

        // Without the password the server refuses commands.
        const anonymous = new Redis({
          host: '127.0.0.1',
          port: Number(new URL(first.url).port),
          lazyConnect: true,
          enableReadyCheck: false,
          maxRetriesPerRequest: 0,
          retryStrategy: () => null,
        });
        anonymous.on('error', () => undefined);
        try {
          await anonymous.connect();
          await expect(anonymous.get('spec:key')).rejects.toThrow(/NOAUTH/);
        } finally {
          anonymous.disconnect();
        }
      } finally {
        await first.stop();
        await first.stop(); // idempotent
      }

      expect((await stat(join(dataDir, 'redis.password'))).mode & 0o777).toBe(0o600);
      expect((await stat(join(dataDir, 'redis', 'redis.log'))).isFile()).toBe(true);

      const second = await startEmbeddedRedis({ dataDir });
      try {
        expect(second.url).toBe(first.url.replace(/:\d+$/, `:${new URL(second.url).port}`)); // same password
        await withClient(second.url, async (client) => {
          expect(await client.get('spec:key')).toBe('قيمة');
        });
      } finally {
        await second.stop();
      }
    },
    TIMEOUT,
  );
});
