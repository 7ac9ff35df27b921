import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { deriveKey, hmacHex } from '../../../common/crypto/secrets';
import { viewerAddress } from '../../../common/http/viewer-address';
import { APP_LOGGER } from '../../../common/logging/logger';
import { REDIS } from '../../../common/redis/redis.module';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';

/** A visitor's opens of one report count once in this window. */
export const VIEW_WINDOW_SECONDS = 3600;
const WARN_EVERY_MS = 60_000;

/**
 * Who has opened which report lately: one Redis key per report and visitor (an IPv6 /64 counts as one
 * visitor), set with NX and a one-hour expiry, so reloading a page — or a script hammering it — counts
 * one view an hour. The address is stored only as a keyed hash. Keys exist only for real public
 * reports (the caller checks first), so unknown tokens cannot fill Redis.
 */
@Injectable()
export class ImpactViews {
  private readonly key: Buffer;
  private lastWarning = 0;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {
    this.key = deriveKey(config.appSecret, 'impact-views');
  }

  /** True when this visitor has not opened the report within the hour; also true when Redis cannot tell (a view counted as before). */
  async isNewView(reportId: number, ip: string): Promise<boolean> {
    const visitor = hmacHex(this.key, viewerAddress(ip)).slice(0, 32);
    try {
      return (await this.redis.set(`impact-view:${reportId}:${visitor}`, '1', 'EX', VIEW_WINDOW_SECONDS, 'NX')) === 'OK';
    } catch (error) {
      const now = Date.now();
      if (now - this.lastWarning >= WARN_EVERY_MS) {
        this.lastWarning = now;
        this.logger.warn({ err: error }, 'impact views cannot reach Redis; counting every open');
      }
      return true;
    }
  }
}
