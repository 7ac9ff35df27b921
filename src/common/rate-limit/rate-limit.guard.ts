import { createHash } from 'node:crypto';
import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { DomainException } from '../errors/domain.exception';
import { ERROR_MESSAGES } from '../errors/error-codes';
import { APP_LOGGER } from '../logging/logger';
import { REDIS } from '../redis/redis.module';
import { RATE_LIMIT_KEY, RateLimitName } from './rate-limit.decorator';
import { normalizeUsername } from '../../shared/username';

interface NamedLimiter {
  limiter: RateLimiterRedis;
  key: (request: FastifyRequest) => string;
}

const WARN_EVERY_MS = 60_000;

/** The one username a login-like body names, in the form login uses (NFKC, lower case); falls back to the IP. */
function usernameKey(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? normalizeUsername(body.username).slice(0, 100) : '';
  return username ? `user:${username}` : `ip:${request.ip}`;
}

/** The emergency code a body names (hashed: the code itself never reaches Redis); falls back to the IP. */
function emergencyCodeKey(request: FastifyRequest): string {
  const body = request.body as { masterCode?: unknown } | undefined;
  const code = typeof body?.masterCode === 'string' ? body.masterCode.trim().toUpperCase() : '';
  return code ? `code:${createHash('sha256').update(code).digest('hex').slice(0, 32)}` : `ip:${request.ip}`;
}

/**
 * The limits of decisions.md, applied where a route says @RateLimit(name). Counters live in Redis
 * (rate-limiter-flexible), so every process shares them. When Redis cannot be reached the call goes
 * through and a warning is logged: a Redis outage must not take the public form down.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly limiters: Record<RateLimitName, NamedLimiter>;
  private lastWarning = 0;

  constructor(
    private readonly reflector: Reflector,
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {
    const limits = config.rateLimits;
    // The shared client already prefixes keys; this names the limiter inside that space.
    const make = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${name}`, points, duration, useRedisPackage: false });
    const byIp = (request: FastifyRequest) => `ip:${request.ip}`;
    this.limiters = {
      requests: { limiter: make('requests', limits.requestsPerMinute, 60), key: byIp },
      quickMessages: { limiter: make('quick-messages', limits.quickMessagesPerMinute, 60), key: byIp },
      auth: { limiter: make('auth', limits.authPerMinute, 60), key: byIp },
      // Question and answer steps together, per code, whoever asks (an attacker rotating addresses).
      emergencyCode: { limiter: make('emergency-code', limits.emergencyCodePer15Minutes, 15 * 60), key: emergencyCodeKey },
      loginUsername: {
        limiter: make('login-username', limits.loginPerUsername, limits.loginPerUsernameWindowMinutes * 60),
        key: usernameKey,
      },
    };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const names = this.reflector.getAllAndMerge<RateLimitName[]>(RATE_LIMIT_KEY, [context.getHandler(), context.getClass()]) ?? [];
    if (!names.length) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    for (const name of new Set(names)) {
      const { limiter, key } = this.limiters[name];
      try {
        await limiter.consume(key(request));
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) {
          const retryAfter = Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
          throw new DomainException(429, 'RATE_LIMITED', ERROR_MESSAGES.RATE_LIMITED, {
            headers: { 'Retry-After': String(retryAfter) },
            details: { retryAfterSeconds: retryAfter },
          });
        }
        this.warnOnce(outcome, name);
      }
    }
    return true;
  }

  private warnOnce(error: unknown, name: string): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn({ err: error, limit: name }, 'rate limiter cannot reach Redis; letting calls through');
  }
}
