import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitRouteConfig } from './rate-limit.decorator';
import { rateLimitedEnvelope } from './rate-limit.guard';
import type { RateLimiters } from './rate-limiters';

/**
 * Fastify onRequest hook: counts a route's address-keyed limits before its body is read or parsed, so
 * a flood of large or deeply nested bodies is refused for the price of one Redis call each.
 */
export function rateLimitHook(limiters: RateLimiters) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const names = (request.routeOptions?.config as RateLimitRouteConfig | undefined)?.ipRateLimits;
    if (!names?.length) return undefined;
    const limited = await limiters.consume(names, request);
    if (!limited) return undefined;
    return reply.code(429).header('Retry-After', String(limited.retryAfterSeconds)).send(rateLimitedEnvelope(limited.retryAfterSeconds));
  };
}
