import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import Redis from 'ioredis';
import { findRedisServer } from '../../src/infra/embedded-redis';

/**
 * A redis-server of the test's own, on its own port, that the test can kill with SIGKILL and start
 * again on the same port (nothing kept on disk, like a real restart without persistence).
 */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const redis = new PrivateRedis(port);
    await redis.up();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    const binary = findRedisServer();
    if (!binary) throw new Error('redis-server not found');
    this.child = spawn(binary, ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 100; i++) {
      const client = new Redis({
        port: this.port,
        host: '127.0.0.1',
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      try {
        await client.connect();
        await client.ping();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      } finally {
        client.disconnect();
      }
    }
    throw new Error('private redis-server did not start');
  }

  /** SIGKILL: no goodbye to the clients, every key lost. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }
}
