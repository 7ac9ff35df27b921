import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { APP_LOGGER } from '../../../common/logging/logger';
import { REDIS } from '../../../common/redis/redis.module';

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Whether the quick-message form may send one more WhatsApp acknowledgement to this number from this
 * address today. The form is public: without a cap, anyone could make the charity's sender message
 * any number (and spend the daily conversation cap the requests need). The inquiry itself is always
 * stored; only the acknowledgement is skipped. Redis away: allowed (the form must not fail).
 */
@Injectable()
export class AckAllowance {
  private readonly perNumber: RateLimiterRedis | null;
  private readonly perIp: RateLimiterRedis | null;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {
    const make = (name: string, points: number) =>
      points > 0
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${name}`, points, duration: DAY_SECONDS, useRedisPackage: false })
        : null;
    this.perNumber = make('quick-ack-number', config.rateLimits.quickAcksPerNumberPerDay);
    this.perIp = make('quick-ack-ip', config.rateLimits.quickAcksPerIpPerDay);
  }

  async take(e164: string, ip: string): Promise<boolean> {
    try {
      if (this.perIp) await this.perIp.consume(ip);
      if (this.perNumber) await this.perNumber.consume(e164);
      return true;
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) {
        this.logger.warn({ ip }, 'quick message: daily acknowledgement limit reached; stored without a WhatsApp acknowledgement');
        return false;
      }
      return true;
    }
  }
}
