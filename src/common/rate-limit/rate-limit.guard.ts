import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { DomainException } from '../errors/domain.exception';
import { ERROR_MESSAGES } from '../errors/error-codes';
import { PRE_PARSE_LIMITS, RATE_LIMIT_KEY, RateLimitName } from './rate-limit.decorator';
import { RateLimiters } from './rate-limiters';

/** The 429 every limit answers, in the API envelope, with Retry-After. */
export function rateLimitedEnvelope(retryAfterSeconds: number) {
  return {
    statusCode: 429,
    code: 'RATE_LIMITED',
    message: ERROR_MESSAGES.RATE_LIMITED,
    details: { retryAfterSeconds },
  } as const;
}

/**
 * Counts the limits keyed by what the body names (a username, an emergency code), where a route says
 * @RateLimit(name). Limits keyed by address ran earlier, in the onRequest hook (rateLimitHook).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiters: RateLimiters,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const names = (this.reflector.getAllAndMerge<RateLimitName[]>(RATE_LIMIT_KEY, [context.getHandler(), context.getClass()]) ?? []).filter(
      (name) => !PRE_PARSE_LIMITS.has(name),
    );
    if (!names.length) return true;
    const limited = await this.limiters.consume(names, context.switchToHttp().getRequest<FastifyRequest>());
    if (!limited) return true;
    const { message, details } = rateLimitedEnvelope(limited.retryAfterSeconds);
    throw new DomainException(429, 'RATE_LIMITED', message, {
      headers: { 'Retry-After': String(limited.retryAfterSeconds) },
      details,
    });
  }
}
