import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { REDIS } from '../../../common/redis/redis.module';

/**
 * How many intervals ahead of the even pace a send may go: a worker that woke a little late does not
 * push every later send back, and the sends it lets through at once stay few (bursts arriving together
 * are what a provider's second sees first).
 */
const CATCH_UP = 2;

/**
 * One decision on Redis's own clock (µs), so workers on several machines share it whatever their
 * clocks say. A send may go when (1) the even pace allows it: a GCRA whose theoretical time may be
 * anticipated by `tolerance` (the pace, not a limit: it spreads sends out); and (2) fewer than `limit`
 * sends were made in the last `window`, a log of the sends themselves (the limit). Answers -1 and
 * records the send, or the µs to wait.
 * KEYS: the pace's theoretical time, the log (a sorted set scored in µs).
 * ARGV: interval µs, tolerance µs, window µs, limit, this send's unique member.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval, tolerance, window, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local wait = tat - tolerance - now
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', string.format('%.0f', now - window))
if redis.call('ZCARD', KEYS[2]) >= limit then
  local oldest = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
  wait = math.max(wait, tonumber(oldest[2]) + window - now)
end
if wait > 0 then return math.ceil(wait) end
local after = math.max(tat, now) + interval
redis.call('SET', KEYS[1], string.format('%.0f', after), 'PX', math.ceil((after - now) / 1000) + 1000)
redis.call('ZADD', KEYS[2], string.format('%.0f', now), ARGV[5])
redis.call('PEXPIRE', KEYS[2], math.ceil(window / 1000) + 1000)
return -1`;

const KEYS = ['{whatsapp-send}:pace', '{whatsapp-send}:log'] as const;

type PacedRedis = Redis & {
  takeSendTurn(
    pace: string,
    log: string,
    intervalUs: number,
    toleranceUs: number,
    windowUs: number,
    limit: number,
    member: string,
  ): Promise<number>;
};

/**
 * The provider's rate per sender (`WHATSAPP_RATE_PER_SECOND`, Twilio: 80 a second), taken just before
 * each call to the provider and shared by every worker through Redis. Counting sends rather than queue
 * jobs (BullMQ's limiter) means jobs that send nothing (another database's, a stale claim, a paused
 * provider, a deferral) never slow real messages.
 *
 * No sliding second at the provider holds more than the rate: a counter per fixed second let nearly
 * twice the rate through across a second's boundary (66 in a second at 40/s). Here a log of the sends
 * refuses one more than the rate within a second plus `WHATSAPP_RATE_MARGIN_MS` (80 ms): the provider
 * counts a message when it arrives, some milliseconds after the send began, and the margin absorbs
 * that delay's variation. A backlog goes out at rate × 1,000 / (1,000 + margin), 93 % of it by default,
 * at an even pace (a little sooner after a late send). In each process one
 * waiting send at a time asks Redis (the others queue behind it), so a turn costs about one call per
 * worker process. While Redis is away each process keeps the same limits alone (so N processes could
 * reach N times the rate); BullMQ's workers take no new job without Redis, so only sends already under
 * way are concerned.
 */
@Injectable()
export class SendRate {
  private readonly limit: number;
  private readonly windowUs: number;
  private readonly intervalUs: number;
  private readonly toleranceUs: number;
  private readonly redis: PacedRedis;
  private readonly memberPrefix = randomBytes(6).toString('base64url');
  private sends = 0;
  /** The queue of this process's waiting sends. */
  private turn: Promise<void> = Promise.resolve();
  /** This process's own pace and log (performance.now() µs), while Redis is away. */
  private localTat = 0;
  private readonly localLog: number[] = [];

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.limit = config.whatsapp.ratePerSecond;
    this.windowUs = (1000 + config.whatsapp.rateMarginMs) * 1000;
    this.intervalUs = this.limit > 0 ? Math.ceil(this.windowUs / this.limit) : 0;
    this.toleranceUs = this.intervalUs * CATCH_UP;
    if (!('takeSendTurn' in redis)) redis.defineCommand('takeSendTurn', { numberOfKeys: 2, lua: TAKE });
    this.redis = redis as PacedRedis;
  }

  /** Resolves when this send may go. */
  take(): Promise<void> {
    if (!this.limit) return Promise.resolve();
    const mine = this.turn.then(() => this.acquire());
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  private async acquire(): Promise<void> {
    const member = `${this.memberPrefix}.${++this.sends}`;
    for (;;) {
      const waitUs = await this.ask(member);
      if (waitUs < 0) return;
      await new Promise((resolve) => setTimeout(resolve, waitUs / 1000));
    }
  }

  private async ask(member: string): Promise<number> {
    try {
      return Number(await this.redis.takeSendTurn(KEYS[0], KEYS[1], this.intervalUs, this.toleranceUs, this.windowUs, this.limit, member));
    } catch {
      return this.askLocally();
    }
  }

  /** The same decision in this process alone. */
  private askLocally(): number {
    const now = performance.now() * 1000;
    while (this.localLog.length && this.localLog[0] <= now - this.windowUs) this.localLog.shift();
    let wait = this.localTat - this.toleranceUs - now;
    if (this.localLog.length >= this.limit) wait = Math.max(wait, this.localLog[0] + this.windowUs - now);
    if (wait > 0) return Math.ceil(wait);
    this.localTat = Math.max(this.localTat, now) + this.intervalUs;
    this.localLog.push(now);
    return -1;
  }
}
