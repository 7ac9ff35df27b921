import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../common/clock/clock';
import { APP_LOGGER } from '../../../common/logging/logger';
import { statusCallbackApplies } from '../../../shared/delivery';
import { maskPhone } from '../../../shared/phone';
import { AUTO_REPLY_SETTING_KEYS, SystemSettingsService } from '../../system/system-settings.service';
import type { AssuranceAttemptStatus } from '../entities/assurance-attempt.entity';
import { DeliveryRecorder } from '../outbox/delivery-recorder';
import { UnitOfWork } from '../../../database/unit-of-work';
import { isOutsideWindow } from '../providers/whatsapp-provider';
import { statusQuestion, StatusReplies } from './status-replies';
import { WhatsAppEventsRepository } from './whatsapp-events.repository';

const DAY_MS = 24 * 60 * 60_000;
const MAX_MESSAGE_ID = 255;

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

export type InboundAction = 'opt_out' | 'opt_in' | 'status_reply' | 'auto_reply' | 'none';
export type WebhookProvider = 'twilio' | 'meta';

/** A provider's delivery status for one message, already read out of its own format. */
export interface DeliveryStatusEvent {
  provider: WebhookProvider;
  providerMessageId: string;
  /** The provider's status word: queued, sent, delivered, read, failed, undelivered… */
  status: string;
  errorCode: string | null;
  errorMessage: string | null;
}

/** A message a person sent to the charity's number, already read out of the provider's format. */
export interface InboundMessageEvent {
  provider: WebhookProvider;
  /** E.164. */
  phone: string;
  /** What the person wrote or the button they tapped ('' for a photo, a location…). */
  text: string;
  /** The provider's id of the inbound message (each is handled once), when it gave one. */
  messageId: string | null;
}

const LABEL: Record<WebhookProvider, string> = { twilio: 'Twilio', meta: 'Meta' };

/**
 * What a provider's webhooks mean, whichever provider sent them: delivery statuses move a message
 * forward only; inbound messages open the 24-hour window, STOP / إيقاف revokes the opt-in, START /
 * اشتراك restores it, other text gets the auto-reply at most once per 24 hours; each inbound message
 * id is handled once. The Twilio and Meta webhook services read their own formats and call this.
 */
@Injectable()
export class WhatsAppEventsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    private readonly repo: WhatsAppEventsRepository,
    private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    private readonly recorder: DeliveryRecorder,
    private readonly settings: SystemSettingsService,
    private readonly statusReplies: StatusReplies,
  ) {}

  /** A delivery status: moves the attempt forward only; duplicates and late ones change nothing. */
  async status(event: DeliveryStatusEvent): Promise<{ changed: boolean }> {
    const sid = event.providerMessageId;
    const next = event.status.toLowerCase() as AssuranceAttemptStatus;
    if (!sid) return { changed: false };
    const now = this.clock.now();
    const { errorCode } = event;
    const errorMessage = event.errorMessage?.slice(0, 1000) ?? (errorCode ? `${LABEL[event.provider]} error ${errorCode}` : null);
    const result = await this.uow.run(async (tx) => {
      const attempt = await this.repo.lockAttemptBySid(tx, sid);
      if (!attempt) {
        await this.repo.insertEvent('status_callback_unmatched', { sid, status: next, provider: event.provider }, tx);
        return null;
      }
      if (!statusCallbackApplies(attempt.status, next)) return null;
      const failing = next === 'failed' || next === 'undelivered';

      const group = await this.repo.group(tx, attempt.groupId);
      // Free text refused outside the window (Twilio 63016, Meta 131047): the same attempt goes as the template.
      if (failing && isOutsideWindow(errorCode) && attempt.body !== null) {
        await this.repo.requeueAsTemplate(tx, attempt.attemptId, sid, errorCode);
        const { attemptId, idempotencyKey, claims, templateKey } = attempt;
        tx.publish({ attemptId, idempotencyKey, claims, templateKey });
        return { attempt, group, status: 'requeued' as const };
      }
      await this.repo.applyStatus(tx, { attempt, sid, status: next, failing, errorCode, errorMessage, now });
      return { attempt, group, status: next };
    });
    if (!result) return { changed: false };
    if (result.status === 'requeued') return { changed: true };
    const mirrored =
      result.status === 'failed' || result.status === 'undelivered' ? 'failed' : result.status === 'sent' ? 'sent' : 'delivered';
    await this.recorder.subjectOutcome(result.group, result.attempt.templateKey, mirrored, errorMessage ?? undefined);
    return { changed: true };
  }

  /**
   * An inbound WhatsApp message: opens the 24-hour window; STOP / إيقاف revokes the opt-in, START /
   * اشتراك restores it; «حالة» or a request number gets the request's status and link (status-replies.ts);
   * other text gets the auto-reply at most once per 24 hours per number.
   */
  async inbound(event: InboundMessageEvent): Promise<InboundAction> {
    const { phone, text: body } = event;
    const now = this.clock.now();
    const keyword = keywordOf(body);
    const messageId = event.messageId ? event.messageId.slice(0, MAX_MESSAGE_ID) : null;
    const action = await this.uow.run(async (tx): Promise<InboundAction | 'duplicate'> => {
      // Providers retry, and a signed request can be replayed: each message id is handled once.
      if (messageId && !(await this.repo.markInboundHandled(tx, messageId))) return 'duplicate';
      const optIn = await this.repo.touchWindow(tx, phone, now);
      if (STOP_WORDS.has(keyword)) {
        await this.repo.revoke(tx, optIn.id, now);
        return 'opt_out';
      }
      if (START_WORDS.has(keyword)) {
        await this.repo.restore(tx, optIn.id, now, body);
        return 'opt_in';
      }
      if (optIn.revokedAt && !optIn.optInStatus) return 'none';
      const question = statusQuestion(keyword);
      if (question && (await this.statusReplies.answer(tx, phone, question, now, () => this.autoReplyVariables()))) return 'status_reply';
      if (!(await this.repo.claimAutoReply(tx, optIn.id, now, new Date(now.getTime() - DAY_MS)))) return 'none';
      await tx.send({
        templateKey: 'autoReply',
        recipients: [{ whatsapp: phone, role: 'customer', optedIn: optIn.optInStatus }],
        variables: await this.autoReplyVariables(),
        reason: 'auto_reply',
        requesterWhatsapp: phone,
      });
      return 'auto_reply';
    });
    if (action === 'duplicate') {
      this.logger.info(
        { from: maskPhone(phone), provider: event.provider },
        'whatsapp inbound message already handled (replayed); ignored',
      );
      return 'none';
    }
    await this.repo.insertEvent('inbound_message', { messageSid: messageId, provider: event.provider, action });
    this.logger.info({ from: maskPhone(phone), provider: event.provider, action }, 'whatsapp inbound message');
    return action;
  }

  /** The five auto-reply values from system_settings (website, hours, area, phone1, phone2). */
  async autoReplyVariables(): Promise<Record<string, string>> {
    const values = await this.settings.values(AUTO_REPLY_SETTING_KEYS);
    // Until the administrators set a website link, the site's own public address is the link; a value
    // still empty is a dash (the provider refuses an empty template variable).
    const fallback: Partial<Record<string, string>> = { auto_reply_website: this.config.whatsapp.publicBaseUrl };
    return Object.fromEntries(
      AUTO_REPLY_SETTING_KEYS.map((key) => [key.replace('auto_reply_', ''), values[key]?.trim() || fallback[key] || '-']),
    );
  }
}
