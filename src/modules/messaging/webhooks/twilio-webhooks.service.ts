import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import { APP_LOGGER } from '../../../common/logging/logger';
import { maskPhone, normalizeE164 } from '../../../shared/phone';
import { AUTO_REPLY_SETTING_KEYS } from '../../../database/seeds/data/settings';
import { SystemSettingsService } from '../../system/system-settings.service';
import { AssuranceAttemptEntity, AssuranceAttemptStatus } from '../entities/assurance-attempt.entity';
import { AssuranceEventEntity } from '../entities/assurance-event.entity';
import { AssuranceNotificationGroupEntity } from '../entities/assurance-notification-group.entity';
import { AssuranceRecipientEntity } from '../entities/assurance-recipient.entity';
import { NotificationLogEntity } from '../entities/notification-log.entity';
import { WhatsappOptInEntity } from '../entities/whatsapp-opt-in.entity';
import { DeliveryRecorder } from '../outbox/delivery-recorder';
import { OutboxService } from '../outbox/outbox.service';
import { PROVIDER_ERRORS } from '../providers/whatsapp-provider';
import { isValidTwilioSignature, signedUrlCandidates } from './twilio-signature';

/** Order of the delivery statuses; a callback may only move an attempt forward along it. */
const STATUS_RANK: Partial<Record<AssuranceAttemptStatus, number>> = { sending: 1, sent: 2, delivered: 3, read: 4 };
const FINAL: readonly AssuranceAttemptStatus[] = ['failed', 'undelivered', 'cancelled'];
const DAY_MS = 24 * 60 * 60_000;

const STOP_WORDS = new Set(['stop', 'stopall', 'unsubscribe', 'إيقاف', 'ايقاف', 'أيقاف']);
const START_WORDS = new Set(['start', 'unstop', 'اشتراك', 'إشتراك']);

/** Lower-cases and drops punctuation, diacritics and tatweel, so «إيقاف.» and "Stop!" are recognised. */
export function keywordOf(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[\p{P}\p{S}\s]+/gu, ' ')
    .trim()
    .toLowerCase();
}

export type InboundAction = 'opt_out' | 'opt_in' | 'auto_reply' | 'none';

/** Twilio's status callbacks and inbound messages, signature-checked with TWILIO_AUTH_TOKEN. */
@Injectable()
export class TwilioWebhooksService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly recorder: DeliveryRecorder,
    private readonly settings: SystemSettingsService,
  ) {}

  /** Throws 403 unless the X-Twilio-Signature header matches the request. */
  verify(signature: string | undefined, path: string, requestUrl: string, params: Record<string, unknown>): void {
    const token = this.config.whatsapp.twilio.authToken;
    const urls: string[] = [];
    if (this.config.whatsapp.publicBaseUrl) urls.push(...signedUrlCandidates(this.config.whatsapp.publicBaseUrl + path));
    urls.push(...signedUrlCandidates(requestUrl));
    if (!token || !isValidTwilioSignature(token, signature, urls, params)) {
      this.logger.warn({ path: path.split('?')[0] }, 'twilio webhook with a missing or wrong signature');
      throw new DomainException(403, 'INVALID_SIGNATURE', 'توقيع الطلب غير صحيح');
    }
  }

  /** A delivery status from Twilio: moves the attempt forward only; duplicates and late ones change nothing. */
  async status(params: Record<string, string>): Promise<{ changed: boolean }> {
    const sid = params.MessageSid ?? params.SmsSid;
    const next = (params.MessageStatus ?? params.SmsStatus ?? '').toLowerCase() as AssuranceAttemptStatus;
    if (!sid) return { changed: false };
    const now = this.clock.now();
    const errorCode = params.ErrorCode ? String(params.ErrorCode) : null;
    const result = await this.db.transaction(async (manager) => {
      const attempt = await manager
        .getRepository(AssuranceAttemptEntity)
        .createQueryBuilder('a')
        .setLock('pessimistic_write')
        .where('a.providerMessageId = :sid', { sid })
        .getOne();
      if (!attempt) {
        await manager.insert(AssuranceEventEntity, { type: 'status_callback_unmatched', payload: { sid, status: next } });
        return null;
      }
      if (FINAL.includes(attempt.status)) return null;
      const failing = next === 'failed' || next === 'undelivered';
      const currentRank = STATUS_RANK[attempt.status] ?? 0;
      if (!failing && !((STATUS_RANK[next] ?? 0) > currentRank)) return null;
      if (failing && currentRank >= (STATUS_RANK.delivered ?? 3)) return null;

      const group = await manager.findOneByOrFail(AssuranceNotificationGroupEntity, { groupId: attempt.groupId });
      if (failing && errorCode === PROVIDER_ERRORS.outsideWindow && attempt.body !== null) {
        // The free text reached WhatsApp outside the window: the same attempt goes again as the template.
        await manager.update(
          AssuranceAttemptEntity,
          { attemptId: attempt.attemptId },
          { status: 'queued', body: null, nextAttemptAt: null, providerMessageId: null, providerErrorCode: errorCode },
        );
        await manager.update(
          NotificationLogEntity,
          { providerMessageId: sid },
          { status: 'fallback_template', providerErrorCode: errorCode },
        );
        return { attempt, group, status: 'requeued' as const };
      }
      await manager.update(
        AssuranceAttemptEntity,
        { attemptId: attempt.attemptId },
        {
          status: next,
          ...(failing ? { providerErrorCode: errorCode, providerErrorMessage: params.ErrorMessage?.slice(0, 1000) ?? null } : {}),
        },
      );
      await manager.update(AssuranceRecipientEntity, { recipientId: attempt.recipientId }, { status: next });
      await manager.update(
        NotificationLogEntity,
        { providerMessageId: sid },
        {
          status: next,
          ...(next === 'delivered' || next === 'read'
            ? { deliveredAt: () => `COALESCE(delivered_at, '${now.toISOString()}'::timestamptz)` }
            : {}),
          ...(failing
            ? {
                providerErrorCode: errorCode,
                errorMessage: params.ErrorMessage?.slice(0, 1000) ?? `Twilio error ${errorCode ?? ''}`.trim(),
              }
            : {}),
        },
      );
      return { attempt, group, status: next };
    });
    if (!result) return { changed: false };
    if (result.status === 'requeued') {
      await this.outbox.publishIds(this.db.manager, [result.attempt.attemptId]);
      return { changed: true };
    }
    const mirrored =
      result.status === 'failed' || result.status === 'undelivered' ? 'failed' : result.status === 'sent' ? 'sent' : 'delivered';
    await this.recorder.subjectOutcome(
      result.group,
      result.attempt.templateKey,
      mirrored,
      params.ErrorMessage ?? (errorCode ? `Twilio error ${errorCode}` : undefined),
    );
    return { changed: true };
  }

  /**
   * An inbound WhatsApp message: opens the 24-hour window; STOP / إيقاف revokes the opt-in, START /
   * اشتراك restores it; other text gets the auto-reply at most once per 24 hours per number.
   */
  async inbound(params: Record<string, string>): Promise<InboundAction> {
    const phone = normalizeE164(params.From);
    if (!phone) return 'none';
    const now = this.clock.now();
    const body = String(params.Body ?? '');
    const keyword = keywordOf(body);
    let autoReplyAttempts: number[] = [];
    const sid = typeof params.MessageSid === 'string' && params.MessageSid ? params.MessageSid.slice(0, 64) : null;
    const action = await this.db.transaction(async (manager): Promise<InboundAction | 'duplicate'> => {
      // Twilio retries, and a signed request can be replayed: each MessageSid is handled once.
      if (sid) {
        const fresh = await manager.query(
          `INSERT INTO inbound_messages (message_sid) VALUES ($1) ON CONFLICT (message_sid) DO NOTHING RETURNING message_sid`,
          [sid],
        );
        if (!(Array.isArray(fresh[0]) ? fresh[0] : fresh).length) return 'duplicate';
      }
      const optIn = await this.touchWindow(manager, phone, now);
      if (STOP_WORDS.has(keyword)) {
        await manager.update(WhatsappOptInEntity, { id: optIn.id }, { optInStatus: false, revokedAt: now, revokedMethod: 'keyword' });
        return 'opt_out';
      }
      if (START_WORDS.has(keyword)) {
        await manager.update(
          WhatsappOptInEntity,
          { id: optIn.id },
          {
            optInStatus: true,
            revokedAt: null,
            revokedMethod: null,
            consentTimestamp: now,
            consentMethod: 'inbound_start',
            consentText: body.slice(0, 1000),
          },
        );
        return 'opt_in';
      }
      if (optIn.revokedAt && !optIn.optInStatus) return 'none';
      const claimed: unknown[] = await manager.query(
        `UPDATE whatsapp_opt_ins SET last_auto_reply_at = $2 WHERE id = $1 AND (last_auto_reply_at IS NULL OR last_auto_reply_at <= $3) RETURNING id`,
        [optIn.id, now, new Date(now.getTime() - DAY_MS)],
      );
      const claimedRows = Array.isArray(claimed[0]) ? (claimed[0] as unknown[]) : claimed;
      if (!claimedRows.length) return 'none';
      const variables = await this.autoReplyVariables();
      const { attemptIds } = await this.outbox.enqueue(manager, {
        templateKey: 'autoReply',
        recipients: [{ whatsapp: phone, role: 'customer', optedIn: optIn.optInStatus }],
        variables,
        reason: 'auto_reply',
        requesterWhatsapp: phone,
      });
      autoReplyAttempts = attemptIds;
      return 'auto_reply';
    });
    if (action === 'duplicate') {
      this.logger.info({ from: maskPhone(phone) }, 'whatsapp inbound message already handled (replayed); ignored');
      return 'none';
    }
    await this.db
      .getRepository(AssuranceEventEntity)
      .insert({ type: 'inbound_message', payload: { messageSid: params.MessageSid ?? null, action } });
    if (autoReplyAttempts.length) await this.outbox.publishIds(this.db.manager, autoReplyAttempts);
    this.logger.info({ from: maskPhone(phone), action }, 'whatsapp inbound message');
    return action;
  }

  /** The five auto-reply values from system_settings (website, hours, area, phone1, phone2). */
  async autoReplyVariables(): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    for (const key of AUTO_REPLY_SETTING_KEYS) out[key.replace('auto_reply_', '')] = (await this.settings.value(key)) ?? '';
    return out;
  }

  /** The number's opt-in row with last_inbound_at = now (created, without consent, when missing). */
  private async touchWindow(manager: EntityManager, phone: string, now: Date): Promise<WhatsappOptInEntity> {
    await manager.query(
      `INSERT INTO whatsapp_opt_ins (phone_number, opt_in_status, last_inbound_at) VALUES ($1, false, $2)
       ON CONFLICT (phone_number) DO UPDATE SET last_inbound_at = EXCLUDED.last_inbound_at, updated_at = now()`,
      [phone, now],
    );
    return manager
      .getRepository(WhatsappOptInEntity)
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where('o.phoneNumber = :phone', { phone })
      .getOneOrFail();
  }
}
