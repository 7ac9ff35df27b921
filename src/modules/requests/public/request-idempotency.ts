import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { Clock } from '../../../common/clock/clock';
import { defineErrors } from '../../../common/errors/define-errors';
import { APP_LOGGER } from '../../../common/logging/logger';
import { RIYADH_TIME_ZONE } from '../../../shared/time';
import { IdempotencyKeysRepository } from './idempotency-keys.repository';
import type { DbScope } from '../../../database/db-scope';

/** How long a key answers its first answer (decisions.md: 24 hours). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
/** Printable ASCII, as Stripe and the IETF draft allow; the form sends a UUID. */
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

export const IdempotencyErrors = defineErrors({
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: 'ترويسة Idempotency-Key غير صالحة: من 1 إلى 255 حرفاً لاتينياً أو رقماً أو رمزاً دون مسافات',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'أُرسل طلب آخر بمفتاح الإرسال نفسه (Idempotency-Key) ببيانات مختلفة؛ أعد الإرسال بمفتاح جديد',
  },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, message: 'الطلب نفسه قيد المعالجة، حاول مرة أخرى بعد لحظات' },
});

/** A call's key and body, hashed. */
export interface IdempotencyClaim {
  keyHash: string;
  bodyHash: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** JSON with every object's keys sorted, so the same body hashes the same whatever order it was sent in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * `Idempotency-Key` on POST /api/requests (decisions.md "Offline-tolerant public form"). The database is
 * the record: a key is claimed in the request's own transaction, so a repeat answers the first answer and
 * creates nothing, concurrent repeats wait for the first and answer it, and a repeat with another body is
 * refused (422). Only an answer that created a request is kept: a refusal rolls back with its claim, so a
 * repeat of a refused call is judged again (and refused again, or accepted once the reason is gone).
 */
@Injectable()
export class RequestIdempotency {
  constructor(
    private readonly keys: IdempotencyKeysRepository,
    private readonly clock: Clock,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  /** The call's claim, or null when it sent no key; a malformed key is refused (400). */
  prepare(header: unknown, body: unknown): IdempotencyClaim | null {
    if (header === undefined) return null;
    if (typeof header !== 'string' || !KEY_SHAPE.test(header)) throw IdempotencyErrors.IDEMPOTENCY_KEY_INVALID();
    return { keyHash: sha256(header), bodyHash: sha256(canonicalJson(body)) };
  }

  /**
   * Claims the key in the request's transaction: null when this call goes ahead, else the first answer
   * (a different body: 422).
   */
  async claim<T>(manager: DbScope, claim: IdempotencyClaim): Promise<T | null> {
    const now = this.clock.now();
    const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
    if (await this.keys.claim(manager, claim.keyHash, claim.bodyHash, now, expired)) return null;
    const earlier = await this.keys.find(manager, claim.keyHash, expired);
    if (!earlier || earlier.response === null) throw IdempotencyErrors.IDEMPOTENCY_KEY_IN_USE();
    return this.answerOf<T>(earlier.bodyHash, earlier.response, claim);
  }

  /** Keeps the answer of the call that created the request (same transaction). */
  complete(manager: DbScope, claim: IdempotencyClaim, requestId: number, answer: object): Promise<void> {
    return this.keys.complete(manager, claim.keyHash, requestId, 201, answer);
  }

  /** After a refusal: the first answer of a key that already created a request, else null. */
  async earlierAnswer<T>(claim: IdempotencyClaim): Promise<T | null> {
    const earlier = await this.keys.find(null, claim.keyHash, new Date(this.clock.now().getTime() - IDEMPOTENCY_KEY_TTL_MS));
    if (!earlier || earlier.response === null) return null;
    return this.answerOf<T>(earlier.bodyHash, earlier.response, claim);
  }

  private answerOf<T>(bodyHash: string, response: unknown, claim: IdempotencyClaim): T {
    if (bodyHash !== claim.bodyHash) throw IdempotencyErrors.IDEMPOTENCY_KEY_REUSED();
    return response as T;
  }

  /** Nightly in the worker: keys past their 24 hours are deleted (a repeat after that is a new call anyway). */
  @Cron('40 3 * * *', { name: 'idempotency-keys-purge', timeZone: RIYADH_TIME_ZONE })
  async purge(): Promise<void> {
    const removed = await this.keys.purge(new Date(this.clock.now().getTime() - IDEMPOTENCY_KEY_TTL_MS));
    if (removed) this.logger.info({ removed }, 'expired idempotency keys removed');
  }
}
