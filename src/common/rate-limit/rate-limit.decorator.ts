import { SetMetadata } from '@nestjs/common';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants.js';

/** The named limits of decisions.md. */
export type RateLimitName =
  | 'requests'
  | 'quickMessages'
  | 'auth'
  | 'publicReads'
  | 'loginUsername'
  | 'emergencyCode'
  | 'impactDownloads'
  | 'selfService'
  | 'verify'
  | 'volunteerPage'
  | 'volunteerLink';

/** Limits keyed by the client's address: counted in an onRequest hook, before the body is read or parsed. */
export const PRE_PARSE_LIMITS: ReadonlySet<RateLimitName> = new Set([
  'requests',
  'quickMessages',
  'auth',
  'publicReads',
  'impactDownloads',
  'selfService',
  'verify',
  'volunteerPage',
  'volunteerLink',
]);

export const RATE_LIMIT_KEY = 'rateLimits';

/** What a rate-limited route carries in its Fastify route config (read by the onRequest hook). */
export interface RateLimitRouteConfig {
  ipRateLimits?: RateLimitName[];
}

/** Adds the address-keyed names to one handler's Fastify route config, keeping what it already has. */
function markRoute(handler: object, names: RateLimitName[]): void {
  const ip = names.filter((name) => PRE_PARSE_LIMITS.has(name));
  if (!ip.length) return;
  const config = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as RateLimitRouteConfig & Record<string, unknown>;
  const merged = [...new Set([...(config.ipRateLimits ?? []), ...ip])];
  Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...config, ipRateLimits: merged }, handler);
}

/**
 * Applies the named limits to a route or a whole controller (counters shared in Redis). Limits keyed
 * by address are marked on the Fastify route and counted before the body is parsed; limits keyed by
 * what the body names (a username, an emergency code) are counted by the guard after parsing.
 */
export const RateLimit =
  (...names: RateLimitName[]): MethodDecorator & ClassDecorator =>
  (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) {
      SetMetadata(RATE_LIMIT_KEY, names)(target, key!, descriptor);
      markRoute(descriptor.value as object, names);
      return;
    }
    SetMetadata(RATE_LIMIT_KEY, names)(target as () => void);
    // A class decorator runs after its methods' decorators: every handler of the controller is marked.
    const prototype = (target as { prototype: Record<string, unknown> }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name !== 'constructor' && typeof handler === 'function') markRoute(handler, names);
    }
  };
