import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { APP_LOGGER } from '../logging/logger';
import { REDIS } from '../redis/redis.module';
import { normalizeUsername } from '../../shared/username';
import type { RateLimitName } from './rate-limit.decorator';

interface NamedLimiter {
  limiter: RateLimiterRedis;
  key: (request: FastifyRequest) => string;
}

const WARN_EVERY_MS = 60_000;

const byIp = (request: FastifyRequest) => `ip:${request.ip}`;

/** The one username a login-like body names, in the form login uses (NFKC, lower case); falls back to the IP. */
function usernameKey(request: FastifyRequest): string {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? normalizeUsername(body.username).slice(0, 100) : '';
  return username ? `user:${username}` : byIp(request);
}

/** The emergency code a body names (hashed: the code itself never reaches Redis); falls back to the IP. */
function emergencyCodeKey(request: FastifyRequest): string {
  const body = request.body as { masterCode?: unknown } | undefined;
  const code = typeof body?.masterCode === 'string' ? body.masterCode.trim().toUpperCase() : '';
  return code ? `code:${createHash('sha256').update(code).digest('hex').slice(0, 32)}` : byIp(request);
}

/** The link a route's :token names (hashed: the token itself never reaches Redis); falls back to the IP. */
function linkKey(request: FastifyRequest): string {
  const token = (request.params as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token ? `link:${createHash('sha256').update(token).digest('hex').slice(0, 32)}` : byIp(request);
}

/**
 * The limits of decisions.md. Counters live in Redis (rate-limiter-flexible), so every process shares
 * them. When Redis cannot be reached the call goes through and a warning is logged (at most once a
 * minute): a Redis outage must not take the public form down.
 */
@Injectable()
export class RateLimiters {
  private readonly limiters: Record<RateLimitName, NamedLimiter>;
  private lastWarning = 0;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {
    const limits = config.rateLimits;
    // The shared client already prefixes keys; this names the limiter inside that space.
    const make = (name: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: `rl:${name}`, points, duration, useRedisPackage: false });
    this.limiters = {
      requests: { limiter: make('requests', limits.requestsPerMinute, 60), key: byIp },
      quickMessages: { limiter: make('quick-messages', limits.quickMessagesPerMinute, 60), key: byIp },
      auth: { limiter: make('auth', limits.authPerMinute, 60), key: byIp },
      // The public report PDF and preview image: stored once drawn, but each still costs a read.
      impactDownloads: { limiter: make('impact-downloads', limits.impactDownloadsPerMinute, 60), key: byIp },
      publicReads: { limiter: make('public-reads', limits.publicReadsPerMinute, 60), key: byIp },
      // The host's page: guessing links from one address is slowed to a crawl (tokens have 256 bits anyway).
      selfService: { limiter: make('self-service', limits.selfServicePerMinute, 60), key: byIp },
      // The volunteer's page: per address, and per link whatever the address (a phone moving between networks).
      volunteerPage: { limiter: make('volunteer-page', limits.volunteerPagePerMinute, 60), key: byIp },
      volunteerLink: { limiter: make('volunteer-link', limits.volunteerLinkPerMinute, 60), key: linkKey },
      // Certificate verification (GET /api/verify/{code}): codes are unguessable; this keeps guessing slow too.
      verify: { limiter: make('verify', limits.verifyPerMinute, 60), key: byIp },
      // Question and answer steps together, per code, whoever asks (an attacker rotating addresses).
      emergencyCode: { limiter: make('emergency-code', limits.emergencyCodePer15Minutes, 15 * 60), key: emergencyCodeKey },
      loginUsername: {
        limiter: make('login-username', limits.loginPerUsername, limits.loginPerUsernameWindowMinutes * 60),
        key: usernameKey,
      },
    };
  }

  /** Counts one call against each named limit; answers the seconds to wait when one is used up. */
  async consume(names: Iterable<RateLimitName>, request: FastifyRequest): Promise<{ retryAfterSeconds: number } | null> {
    for (const name of new Set(names)) {
      const { limiter, key } = this.limiters[name];
      try {
        await limiter.consume(key(request));
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) return { retryAfterSeconds: Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)) };
        this.warnOnce(outcome, name);
      }
    }
    return null;
  }

  private warnOnce(error: unknown, name: string): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn({ err: error, limit: name }, 'rate limiter cannot reach Redis; letting calls through');
  }
}
