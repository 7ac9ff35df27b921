import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { APP_LOGGER } from '../../../common/logging/logger';
import { REDIS } from '../../../common/redis/redis.module';
import { formatGregorianAr } from '../../../shared/arabic-date';
import { toWesternDigits } from '../../../shared/digits';
import { requestStatusLabel } from '../../../shared/labels';
import { e164ToSaudiLocal, maskPhone } from '../../../shared/phone';
import { selfServicePath } from '../../../shared/self-service';
import { TemplateRegistry } from '../templates/template-registry';
import type { Tx } from '../../../database/unit-of-work';
import { REQUEST_STATUS_LOOKUP } from './request-status-lookup';
import type { RequestStatusAnswer, RequestStatusLookup } from './request-status-lookup';

/** What a status question asks: the phone's latest request, or one by its number. */
export type StatusQuestion = { kind: 'latest' } | { kind: 'number'; requestNumber: number };

/** «حالة» and its common forms (after keywordOf: no punctuation, diacritics or tatweel; lower case). */
const STATUS_WORDS = new Set([
  'حالة',
  'الحالة',
  'حالة الطلب',
  'حالة طلبي',
  'ما حالة طلبي',
  'حاله',
  'الحاله',
  'حاله الطلب',
  'حاله طلبي',
  'status',
  'request status',
  'order status',
]);
const REQUEST_NUMBER = /^\d{1,10}$/;
const HOUR_SECONDS = 60 * 60;

/** Reason of the answer's outbox rows: a reply inside the window (delivery-policy's REPLY_REASONS). */
export const STATUS_REPLY_REASON = 'status_reply';

/** The question a keyword (keywordOf's output) asks, or null when it is no status question. */
export function statusQuestion(keyword: string): StatusQuestion | null {
  if (STATUS_WORDS.has(keyword)) return { kind: 'latest' };
  const digits = toWesternDigits(keyword);
  return REQUEST_NUMBER.test(digits) ? { kind: 'number', requestNumber: Number(digits) } : null;
}

/**
 * «حالة» or a request number written to the charity's number inside the 24-hour window: the answer is
 * that phone's latest request (or the one with that number, when it is this phone's) with its status
 * and the host's link, as free text. A number that is not this phone's gets the same "no request"
 * answer as a phone without requests, so nothing is revealed. Not bound by the once-a-day auto-reply,
 * but limited per number per hour (Redis; a Redis outage lets answers through).
 */
@Injectable()
export class StatusReplies {
  private readonly perNumber: RateLimiterRedis | null;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @Inject(REQUEST_STATUS_LOOKUP) private readonly lookup: RequestStatusLookup,
    private readonly templates: TemplateRegistry,
  ) {
    const points = config.rateLimits.statusRepliesPerNumberPerHour;
    this.perNumber =
      points > 0
        ? new RateLimiterRedis({ storeClient: redis, keyPrefix: 'rl:status-reply', points, duration: HOUR_SECONDS, useRedisPackage: false })
        : null;
  }

  /**
   * Answers a status question in the inbound message's transaction; false when it asks none or the
   * number's hourly allowance is used up (then the usual auto-reply rule applies).
   */
  async answer(
    tx: Tx,
    phone: string,
    question: StatusQuestion,
    now: Date,
    autoReply: () => Promise<Record<string, string>>,
  ): Promise<boolean> {
    if (!(await this.allowed(phone))) return false;
    const local = e164ToSaudiLocal(phone);
    const request = local ? await this.lookup.forPhone(tx, local, question.kind === 'number' ? question.requestNumber : null, now) : null;
    const recipients = [{ whatsapp: phone, role: 'customer' as const }];
    if (!request) {
      // The generic auto-reply template stands behind the text if the window has closed meanwhile.
      await tx.send({
        templateKey: 'autoReply',
        recipients,
        variables: await autoReply(),
        body: NO_REQUEST_TEXT,
        reason: STATUS_REPLY_REASON,
        requesterWhatsapp: phone,
      });
      return true;
    }
    const statusLabel = statusText(request);
    const link = request.linkToken ? `${this.templates.linkBase}${selfServicePath(request.linkToken)}` : null;
    // The status update's template stands behind the text; the token is a secret variable, and the
    // outbox keeps it in the text only as its placeholder.
    await tx.send({
      templateKey: 'statusUpdate',
      recipients,
      variables: {
        organizerName: request.organizerName,
        requestNumber: request.id,
        eventTypeLabel: request.eventTypeLabel,
        eventDate: formatGregorianAr(request.eventDate),
        statusLabel,
      },
      secretVariables: { selfServiceToken: request.linkToken ?? '-' },
      body: answerText(request, statusLabel, link),
      reason: STATUS_REPLY_REASON,
      subject: { type: 'request', id: request.id },
      requesterWhatsapp: phone,
    });
    return true;
  }

  private async allowed(phone: string): Promise<boolean> {
    if (!this.perNumber) return true;
    try {
      await this.perNumber.consume(phone);
      return true;
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) {
        this.logger.info({ from: maskPhone(phone) }, 'whatsapp status question: hourly allowance used; not answered');
        return false;
      }
      return true;
    }
  }
}

/** The same words whether the phone has no request or the number is another phone's. */
export const NO_REQUEST_TEXT =
  'لم نجد طلباً بهذا الرقم مرتبطاً بجوالكم.\n' +
  'اكتبوا «حالة» لمعرفة حالة آخر طلب أرسلتموه من هذا الجوال، أو رقم طلبكم كما وصلكم في رسالة التأكيد.';

function statusText(request: RequestStatusAnswer): string {
  const label = requestStatusLabel(request.status);
  return request.status === 'cancelled' && request.cancellationReason ? `${label}، سبب الإلغاء: ${request.cancellationReason}` : label;
}

function answerText(request: RequestStatusAnswer, statusLabel: string, link: string | null): string {
  const lines = [
    `مرحباً ${request.organizerName}،`,
    `حالة طلبكم رقم #${request.id} (${request.eventTypeLabel} بتاريخ ${formatGregorianAr(request.eventDate)}): ${statusLabel}.`,
  ];
  if (link) lines.push(`صفحة طلبكم: ${link}`);
  return lines.join('\n');
}
