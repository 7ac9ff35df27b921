import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { performance } from 'node:perf_hooks';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { REDIS } from '../../../common/redis/redis.module';

/**
 * How early, in intervals, a send may go against its theoretical time: a worker that woke a little late
 * does not push every later send back (the pacing would drift below the rate).
 */
const TOLERANCE = 0.5;

/**
 * The interval between sends, µs. The provider counts a message when it arrives, some milliseconds
 * after its send began (a busy event loop, a loaded machine, the network): sends are paced so that a
 * sliding window of a second plus `marginMs` holds at most the rate, and so no second at the provider
 * does unless that delay varies by more than the margin. Any n sends of the sequence span at least
 * (n − 1) intervals less the tolerance, so such a window holds fewer than (window + tolerance) /
 * interval + 1 sends: with this interval, fewer than rate + 1. With the default margin of 80 ms a
 * backlog goes out at about 92 % of the rate (91 % at 40 a second, 93 % at 200).
 */
export function sendInterval(ratePerSecond: number, marginMs: number): number {
  return ratePerSecond > 0 ? Math.ceil(((1000 + marginMs) * 1000) / (ratePerSecond - TOLERANCE)) : 0;
}

/**
 * A GCRA without burst on Redis's own clock (µs), so workers on several machines share one sequence
 * whatever their clocks say. KEYS[1]: the theoretical time of the next send. ARGV: interval µs,
 * tolerance µs. Answers -1 when this send may go (and moves the sequence on), else µs to wait.
 */
const TAKE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local interval = tonumber(ARGV[1])
local tolerance = tonumber(ARGV[2])
if now < tat - tolerance then return math.max(1, math.ceil(tat - tolerance - now)) end
local after = math.max(tat, now) + interval
redis.call('SET', KEYS[1], string.format('%.0f', after), 'PX', math.ceil((after - now) / 1000) + 1000)
return -1`;

type PacedRedis = Redis & { takeSendTurn(key: string, intervalUs: number, toleranceUs: number): Promise<number> };

/**
 * The provider's rate per sender (`WHATSAPP_RATE_PER_SECOND`, Twilio: 80 a second), taken just before
 * each call to the provider and shared by every worker through Redis. Counting sends rather than queue
 * jobs (BullMQ's limiter) means jobs that send nothing (another database's, a stale claim, a paused
 * provider, a deferral) never slow real messages.
 *
 * No sliding second holds more than the rate: a counter per fixed second let nearly twice the rate
 * through across a second's boundary (66 in a second at 40/s); here every send takes its turn in one
 * evenly spaced sequence. In each process one waiting send at a time asks Redis (the others queue
 * behind it in order), so a turn costs about one call per worker process, not one per waiting send.
 * While Redis is away each process keeps the same pace alone (so N processes could reach N times the
 * rate); BullMQ's workers take no new job without Redis, so only sends already under way are concerned.
 */
@Injectable()
export class SendRate {
  private readonly intervalUs: number;
  private readonly toleranceUs: number;
  private readonly redis: PacedRedis;
  /** The queue of this process's waiting sends. */
  private turn: Promise<void> = Promise.resolve();
  /** This process's own sequence (performance.now() µs), while Redis is away. */
  private localTat = 0;

  constructor(@Inject(REDIS) redis: Redis, @Inject(APP_CONFIG) config: AppConfig) {
    this.intervalUs = sendInterval(config.whatsapp.ratePerSecond, config.whatsapp.rateMarginMs);
    this.toleranceUs = Math.floor(this.intervalUs * TOLERANCE);
    if (!('takeSendTurn' in redis)) redis.defineCommand('takeSendTurn', { numberOfKeys: 1, lua: TAKE });
    this.redis = redis as PacedRedis;
  }

  /** Resolves when this send may go. */
  take(): Promise<void> {
    if (!this.intervalUs) return Promise.resolve();
    const mine = this.turn.then(() => this.acquire());
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  private async acquire(): Promise<void> {
    for (;;) {
      const waitUs = await this.ask();
      if (waitUs < 0) return;
      await new Promise((resolve) => setTimeout(resolve, waitUs / 1000));
    }
  }

  private async ask(): Promise<number> {
    try {
      return Number(await this.redis.takeSendTurn('whatsapp-send-turn', this.intervalUs, this.toleranceUs));
    } catch {
      const now = performance.now() * 1000;
      if (now < this.localTat - this.toleranceUs) return Math.ceil(this.localTat - this.toleranceUs - now);
      this.localTat = Math.max(this.localTat, now) + this.intervalUs;
      return -1;
    }
  }
}
