import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../../../common/redis/redis.module';
import { StatisticsErrors } from './statistics-errors';

const TTL_SECONDS = 60;
// A scope keeps one export's tickets from opening another (the statistics' keys keep their old form).
const keyOf = (ticket: string, scope?: string) =>
  `export-ticket:${scope ? `${scope}:` : ''}${createHash('sha256').update(ticket).digest('hex')}`;

/**
 * The Excel download's one-time ticket (decisions.md): a browser download cannot send the session
 * header, so an administrator's call buys a random ticket valid 60 seconds and once; the session token
 * never appears in a URL. Only its hash is kept, in Redis; GETDEL makes "once" atomic.
 */
@Injectable()
export class ExportTickets {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async issue(userId: number, scope?: string): Promise<string> {
    const ticket = randomBytes(32).toString('base64url');
    try {
      await this.redis.set(keyOf(ticket, scope), String(userId), 'EX', TTL_SECONDS);
    } catch {
      throw StatisticsErrors.EXPORT_UNAVAILABLE();
    }
    return ticket;
  }

  /** The administrator's id, once; a missing, expired, used or malformed ticket is refused. */
  async redeem(ticket: unknown, scope?: string): Promise<number> {
    if (typeof ticket !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(ticket)) throw StatisticsErrors.EXPORT_TICKET_INVALID();
    let owner: string | null;
    try {
      owner = await this.redis.getdel(keyOf(ticket, scope));
    } catch {
      throw StatisticsErrors.EXPORT_UNAVAILABLE();
    }
    if (!owner) throw StatisticsErrors.EXPORT_TICKET_INVALID();
    return Number(owner);
  }
}
