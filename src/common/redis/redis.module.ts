import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import IORedis, { Redis } from 'ioredis';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { reconnectDelayMs, redisOptionsFromUrl } from './redis-options';
import { SharedCounters } from '../metrics/shared-counters';
import { REDIS } from './redis.token';

export { REDIS };

/**
 * One fail-fast client: with no offline queue a command errors at once while Redis is down, so the
 * rate limiter and caches can fall back instead of hanging a visitor's request.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Redis =>
        new IORedis(
          redisOptionsFromUrl(config.redisUrl!, {
            enableOfflineQueue: false,
            maxRetriesPerRequest: 1,
            connectTimeout: 2000,
            keyPrefix: `${config.redisPrefix}:`,
            retryStrategy: reconnectDelayMs,
            lazyConnect: false,
          }),
        ),
    },
    SharedCounters,
  ],
  exports: [REDIS, SharedCounters],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {
    // Errors are reported by the health check and the callers; an unhandled 'error' event would crash.
    this.redis.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
