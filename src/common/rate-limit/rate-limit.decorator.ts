import { SetMetadata } from '@nestjs/common';

/** The named limits of decisions.md. */
export type RateLimitName = 'requests' | 'quickMessages' | 'auth' | 'loginUsername' | 'emergencyCode';

export const RATE_LIMIT_KEY = 'rateLimits';

/** Applies the named limits to a route or a whole controller (counters shared in Redis). */
export const RateLimit = (...names: RateLimitName[]): MethodDecorator & ClassDecorator => SetMetadata(RATE_LIMIT_KEY, names);
