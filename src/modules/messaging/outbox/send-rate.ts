import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { REDIS } from '../../../common/redis/redis.module';

/**
 * The provider's rate per sender (`WHATSAPP_RATE_PER_SECOND`, Twilio: 80 a second), taken just before
 * each call to the provider and shared by every worker through Redis. Counting sends rather than queue
 * jobs (BullMQ's limiter) means jobs that send nothing (another database's, a stale claim, a paused
 * provider, a deferral) never slow real messages. While Redis is away each worker keeps the rate alone.
 */
@Injectable()
export class SendRate {
  private readonly limiter: RateLimiterRedis | null;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    const rate = config.whatsapp.ratePerSecond;
    this.limiter =
      rate > 0
        ? new RateLimiterRedis({
            storeClient: redis,
            keyPrefix: 'rl:whatsapp-send',
            points: rate,
            duration: 1,
            useRedisPackage: false,
            insuranceLimiter: new RateLimiterMemory({ points: rate, duration: 1 }),
          })
        : null;
  }

  /** Resolves when this send fits in the current second's allowance. */
  async take(): Promise<void> {
    if (!this.limiter) return;
    for (;;) {
      try {
        await this.limiter.consume('sender');
        return;
      } catch (result) {
        const wait = result instanceof RateLimiterRes ? result.msBeforeNext : 1000;
        // A little spread, so the workers waiting for the next second do not all wake at once.
        await new Promise((r) => setTimeout(r, wait + Math.floor(Math.random() * 20)));
      }
    }
  }
}
