/** Token of the shared ioredis client used for rate limits, caches, counters and health checks. */
export const REDIS = Symbol('REDIS');
