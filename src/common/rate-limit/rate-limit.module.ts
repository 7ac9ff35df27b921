import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiters } from './rate-limiters';

/**
 * Routes marked @RateLimit(...) are counted: limits keyed by address in the onRequest hook that
 * bootstrap registers (before the body is parsed), limits keyed by the body in the guard.
 */
@Module({
  providers: [RateLimiters, { provide: APP_GUARD, useClass: RateLimitGuard }],
  exports: [RateLimiters],
})
export class RateLimitModule {}
