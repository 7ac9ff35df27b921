import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock/clock';
import { AssuranceNotificationGroupEntity } from '../entities/assurance-notification-group.entity';
import { NotificationLogEntity } from '../entities/notification-log.entity';
import { ClaimedAttempt, DeliveryGroup, DeliveryRecipient, DeliveryRepository } from './delivery.repository';

/** Outbox subject type of a quick message (its acknowledgement and the administrator's reply). */
export const QUICK_MESSAGE_SUBJECT = 'quick_message';

/** One attempt with what its records need: who it went to, what it was about, its masked text. */
export interface DeliveryContext {
  attempt: Pick<ClaimedAttempt, 'attemptId' | 'templateKey' | 'recipientId'>;
  recipient: DeliveryRecipient;
  group: DeliveryGroup;
  requestId: number | null;
  maskedText: string;
}

export function requestIdOf(group: Pick<AssuranceNotificationGroupEntity, 'formId'>): number | null {
  const id = group.formId?.startsWith('request:') ? Number(group.formId.slice('request:'.length)) : null;
  return Number.isInteger(id) ? id : null;
}

/**
 * Writes what happened to an attempt: the attempt row, its recipient, a notification_logs line, and
 * the status of the quick message it answers. Shared by sending and by reconciliation.
 */
@Injectable()
export class DeliveryRecorder {
  constructor(
    private readonly repo: DeliveryRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Records an accepted message (conditional on the claim still being ours). */
  async sent(ctx: DeliveryContext, providerMessageId: string, onlyAfterLease = false): Promise<boolean> {
    const sentAt = this.clock.now();
    const recorded = await this.repo.recordSent(
      ctx.attempt.attemptId,
      providerMessageId,
      sentAt,
      this.logRow(ctx, 'sent', { providerMessageId, sentAt }),
      ctx.recipient.role === 'customer' ? ctx.recipient.whatsapp : null,
      onlyAfterLease,
    );
    if (!recorded) return false;
    await this.subjectOutcome(ctx.group, ctx.attempt.templateKey, 'sent');
    return true;
  }

  /** Ends the attempt for good, with its log line and the quick message's status. */
  async ended(
    ctx: DeliveryContext,
    status: 'failed' | 'cancelled',
    info: { stopReason: string; code?: string; message: string },
  ): Promise<void> {
    await this.repo.finish(ctx.attempt.attemptId, ctx.recipient.recipientId, status, info, this.clock.now());
    await this.log(ctx, status, { errorMessage: info.message, code: info.code });
    await this.subjectOutcome(ctx.group, ctx.attempt.templateKey, 'failed', info.message);
  }

  async log(ctx: DeliveryContext, status: string, extra: { errorMessage?: string; code?: string }): Promise<void> {
    await this.repo.insertLog(this.logRow(ctx, status, extra));
  }

  /** Back to the queue until `until` without spending a try (the daily cap), with its log line. */
  async deferred(ctx: DeliveryContext, until: Date, extra: { errorMessage: string; code: string }): Promise<void> {
    await this.repo.defer(ctx.attempt.attemptId, until, this.logRow(ctx, 'deferred', extra));
  }

  /**
   * Mirrors an attempt's outcome on what it was about: a quick message's acknowledgement
   * (inquiryReceived) sets its status, an administrator's reply (customMessage) its replyStatus.
   */
  async subjectOutcome(
    group: Pick<AssuranceNotificationGroupEntity, 'formId'>,
    templateKey: string,
    status: 'sent' | 'delivered' | 'failed',
    error?: string,
  ): Promise<void> {
    if (!group.formId?.startsWith(QUICK_MESSAGE_SUBJECT + ':')) return;
    const id = Number(group.formId.slice(QUICK_MESSAGE_SUBJECT.length + 1));
    if (!Number.isInteger(id)) return;
    const errorText = status === 'failed' ? (error?.slice(0, 1000) ?? null) : null;
    if (templateKey === 'inquiryReceived') {
      // Forward only: a late 'sent' never overwrites 'delivered'.
      const from = status === 'sent' ? ['pending', 'failed'] : status === 'delivered' ? ['pending', 'sent', 'failed'] : ['pending', 'sent'];
      await this.repo.quickMessageStatus(id, status, from, errorText);
    } else if (templateKey === 'customMessage') {
      await this.repo.quickMessageReply(id, status === 'failed' ? 'failed' : 'sent', errorText);
    }
  }

  private logRow(
    ctx: DeliveryContext,
    status: string,
    extra: { errorMessage?: string; code?: string; providerMessageId?: string; sentAt?: Date },
  ): Partial<NotificationLogEntity> {
    return {
      requestId: ctx.requestId,
      recipientPhone: ctx.recipient.whatsapp,
      recipientType: ctx.recipient.role,
      notificationType: ctx.attempt.templateKey,
      templateKey: ctx.attempt.templateKey,
      attemptId: ctx.attempt.attemptId,
      messageContent: ctx.maskedText,
      status,
      errorMessage: extra.errorMessage?.slice(0, 1000) ?? null,
      providerErrorCode: extra.code ?? null,
      providerMessageId: extra.providerMessageId ?? null,
      sentAt: extra.sentAt ?? null,
    };
  }
}
