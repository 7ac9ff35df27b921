import { isPastUsefulLife, nextRetry } from './retry-policy';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import { hostname } from 'node:os';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../common/clock/clock';
import { APP_LOGGER } from '../../../common/logging/logger';
import { decryptSecret, deriveKey } from '../../../common/crypto/secrets';
import { maskPhone } from '../../../shared/phone';
import { AssuranceAttemptEntity } from '../entities/assurance-attempt.entity';
import { AssuranceEventEntity } from '../entities/assurance-event.entity';
import { QuickMessageEntity } from '../entities/quick-message.entity';
import { AssuranceRecipientEntity } from '../entities/assurance-recipient.entity';
import { AssuranceNotificationGroupEntity } from '../entities/assurance-notification-group.entity';
import { NotificationLogEntity } from '../entities/notification-log.entity';
import { WhatsappOptInEntity } from '../entities/whatsapp-opt-in.entity';
import { PROVIDER_ERRORS, ProviderError, WHATSAPP_PROVIDER } from '../providers/whatsapp-provider';
import type { SendResult, WhatsAppProvider } from '../providers/whatsapp-provider';
import { TemplateRegistry } from '../templates/template-registry';

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'cancelled' | 'skipped' | 'deferred';

/** Reasons of messages that answer the customer's own inbound message (allowed inside the 24-hour window without an opt-in). */
export const REPLY_REASONS: readonly string[] = ['auto_reply', 'quick_message_reply'];

const DAY_MS = 24 * 60 * 60_000;
/** Outbox subject type of a quick message (its acknowledgement and the administrator's reply). */
export const QUICK_MESSAGE_SUBJECT = 'quick_message';
/** How far before a claim the reconciliation looks in the provider's list (clock skew). */
const RECONCILE_SKEW_MS = 60_000;

// Backoff and useful life: retry-policy.ts.
export { backoffDelayMs } from './retry-policy';

/**
 * Sends one outbox attempt: claim the row (so two workers never send the same one), check consent,
 * call the provider, record the outcome in the attempt and in notification_logs.
 */
@Injectable()
export class DeliveryService {
  private readonly secretKey: Buffer;
  private readonly workerId = `${hostname()}:${process.pid}`;
  private templateMode: { value: boolean; at: number } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(WHATSAPP_PROVIDER) private readonly provider: WhatsAppProvider,
    @Inject(Clock) private readonly clock: Clock,
    private readonly templates: TemplateRegistry,
  ) {
    this.secretKey = deriveKey(config.appSecret, 'message-secrets');
  }

  async deliver(attemptId: number): Promise<{ outcome: DeliveryOutcome; nextAttemptAt?: Date }> {
    const now = this.clock.now();
    const leaseEnd = new Date(now.getTime() + this.config.outbox.leaseMs);
    const claimed: AssuranceAttemptEntity[] = await this.db
      .getRepository(AssuranceAttemptEntity)
      .createQueryBuilder()
      .update()
      .set({ status: 'sending', attempts: () => 'attempts + 1', nextAttemptAt: leaseEnd, claimedBy: this.workerId })
      .where('attempt_id = :id', { id: attemptId })
      .andWhere("status = 'queued'")
      .andWhere('(next_attempt_at IS NULL OR next_attempt_at <= :now)', { now })
      .returning('*')
      .execute()
      .then((r) => (r.raw as Record<string, unknown>[]).map((raw) => this.db.getRepository(AssuranceAttemptEntity).create(mapRaw(raw))));
    const attempt = claimed[0];
    if (!attempt) return { outcome: 'skipped' };

    const recipient = await this.db.getRepository(AssuranceRecipientEntity).findOneByOrFail({ recipientId: attempt.recipientId });
    const group = await this.db.getRepository(AssuranceNotificationGroupEntity).findOneByOrFail({ groupId: attempt.groupId });
    const template = await this.templates.load(attempt.templateKey);
    const secrets = attempt.secretVariables
      ? (JSON.parse(decryptSecret(this.secretKey, attempt.secretVariables)) as Record<string, string>)
      : {};
    const maskedText =
      attempt.body ?? this.templates.render(template, this.templates.ordered(template, attempt.contentVariables, secrets, true));
    const requestId = group.formId?.startsWith('request:') ? Number(group.formId.slice('request:'.length)) : null;

    // A login code past its validity is worthless (the person asks for a new one): never sent late.
    if (isPastUsefulLife(attempt, now)) {
      await this.finish(attempt, recipient, 'failed', { stopReason: 'expired', message: 'انتهت صلاحية الرسالة قبل إرسالها' });
      await this.log(attempt, recipient, requestId, maskedText, 'failed', { errorMessage: 'انتهت صلاحية الرسالة قبل إرسالها' });
      return { outcome: 'failed' };
    }

    const consent = await this.hasConsent(recipient, group.reason);
    if (!consent) {
      await this.finish(attempt, recipient, 'cancelled', { stopReason: 'not_opted_in' });
      await this.log(attempt, recipient, requestId, maskedText, 'cancelled', {
        errorMessage: 'لا توجد موافقة على استلام رسائل واتساب لهذا الرقم',
      });
      await this.subjectOutcome(group, attempt.templateKey, 'failed', 'لا توجد موافقة على استلام رسائل واتساب لهذا الرقم');
      return { outcome: 'cancelled' };
    }

    const deferUntil = await this.dailyCapDeferral(recipient);
    if (deferUntil) {
      // Deferred, never dropped: the try does not count, and the sweeper picks it up when a slot frees.
      await this.db
        .getRepository(AssuranceAttemptEntity)
        .update(
          { attemptId: attempt.attemptId, status: 'sending' },
          { status: 'queued', nextAttemptAt: deferUntil, claimedBy: null, attempts: () => 'GREATEST(attempts - 1, 0)' },
        );
      await this.log(attempt, recipient, requestId, maskedText, 'deferred', {
        errorMessage: 'تم تأجيل الرسالة لبلوغ الحد اليومي للمحادثات التي تبدأها الجمعية',
        code: 'DAILY_CAP',
      });
      this.logger.info(
        { attemptId: attempt.attemptId, to: maskPhone(recipient.whatsapp), until: deferUntil },
        'daily cap reached; deferred',
      );
      return { outcome: 'deferred', nextAttemptAt: deferUntil };
    }

    const ordered = this.templates.ordered(template, attempt.contentVariables, secrets, false);
    const templateText = this.templates.render(template, ordered);
    const text = attempt.body ?? templateText;
    const send = (freeText: boolean) =>
      this.provider.send({
        to: recipient.whatsapp,
        templateKey: attempt.templateKey,
        contentSid: template.contentSid,
        variables: ordered,
        text: freeText ? text : templateText,
        freeText,
        attemptId: attempt.attemptId,
      });
    // Free text for a reply inside the window, or everything while the template mode is off.
    const asFreeText = attempt.body !== null || (recipient.whatsapp !== 'console' && !(await this.useTemplates()));
    let result: SendResult;
    try {
      try {
        result = await send(asFreeText);
      } catch (error) {
        // Outside the 24-hour window free text is refused: the same attempt goes out as the template.
        if (!(error instanceof ProviderError) || error.code !== PROVIDER_ERRORS.outsideWindow || !asFreeText) throw error;
        await this.log(attempt, recipient, requestId, maskedText, 'fallback_template', { errorMessage: error.message, code: error.code });
        result = await send(false);
      }
    } catch (error) {
      return this.sendFailed(error, attempt, recipient, group, requestId, maskedText);
    }
    await this.recordSent(attempt, recipient, group, requestId, maskedText, result.providerMessageId, 'sending');
    return { outcome: 'sent' };
  }

  /** Records an accepted message (conditional on the claim still being ours). */
  private async recordSent(
    attempt: Pick<AssuranceAttemptEntity, 'attemptId' | 'templateKey'>,
    recipient: AssuranceRecipientEntity,
    group: AssuranceNotificationGroupEntity,
    requestId: number | null,
    maskedText: string,
    providerMessageId: string,
    fromStatus: 'sending',
    extraWhere: string | null = null,
  ): Promise<boolean> {
    const sentAt = this.clock.now();
    const recorded = await this.db.transaction(async (manager) => {
      const qb = manager
        .createQueryBuilder()
        .update(AssuranceAttemptEntity)
        .set({
          status: 'sent',
          providerMessageId,
          sentAt,
          nextAttemptAt: null,
          secretVariables: null,
          claimedBy: null,
          providerErrorCode: null,
          providerErrorMessage: null,
        })
        .where('attempt_id = :id AND status = :from', { id: attempt.attemptId, from: fromStatus });
      if (extraWhere) qb.andWhere(extraWhere, { now: sentAt });
      const updated = await qb.execute();
      if (!updated.affected) return false;
      await manager.update(
        AssuranceRecipientEntity,
        { recipientId: recipient.recipientId },
        { status: 'sent', lastAttemptAt: sentAt, attempts: () => 'attempts + 1' },
      );
      await manager.insert(NotificationLogEntity, {
        ...this.logRow(attempt, recipient, requestId, maskedText, 'sent', { providerMessageId, sentAt }),
      });
      return true;
    });
    if (!recorded) return false;
    if (recipient.role === 'customer') {
      await this.db.getRepository(WhatsappOptInEntity).update({ phoneNumber: recipient.whatsapp }, { lastContactedAt: sentAt });
    }
    await this.subjectOutcome(group, attempt.templateKey, 'sent');
    return true;
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
    const repo = this.db.getRepository(QuickMessageEntity);
    if (templateKey === 'inquiryReceived') {
      // Forward only: a late 'sent' never overwrites 'delivered'.
      const allowedFrom =
        status === 'sent' ? ['pending', 'failed'] : status === 'delivered' ? ['pending', 'sent', 'failed'] : ['pending', 'sent'];
      await repo
        .createQueryBuilder()
        .update()
        .set({ status, errorMessage: status === 'failed' ? ((error ?? null)?.slice(0, 1000) ?? null) : null })
        .where('id = :id AND status IN (:...from)', { id, from: allowedFrom })
        .execute();
    } else if (templateKey === 'customMessage') {
      const replyStatus = status === 'failed' ? 'failed' : 'sent';
      await repo.update({ id }, { replyStatus, replyErrorMessage: status === 'failed' ? ((error ?? null)?.slice(0, 1000) ?? null) : null });
    }
  }

  /**
   * Takes back claims whose lease ran out (the worker died mid-send). Where the provider can list what
   * it accepted, a message that already went out is recorded instead of being sent again.
   */
  async reclaimExpired(): Promise<{ requeued: number; reconciled: number }> {
    const now = this.clock.now();
    const expired: { attempt_id: number; next_attempt_at: Date; whatsapp: string }[] = await this.db.query(
      `SELECT a.attempt_id, a.next_attempt_at, r.whatsapp FROM assurance_attempts a
         JOIN assurance_recipients r ON r.recipient_id = a.recipient_id
        WHERE a.status = 'sending' AND a.next_attempt_at < $1 ORDER BY a.attempt_id LIMIT 500`,
      [now],
    );
    let requeued = 0;
    let reconciled = 0;
    const byNumber = new Map<string, typeof expired>();
    for (const row of expired) byNumber.set(row.whatsapp, [...(byNumber.get(row.whatsapp) ?? []), row]);
    for (const [number, rows] of byNumber) {
      let matches = new Map<number, string>();
      if (this.provider.listSent && number !== 'console') {
        try {
          matches = await this.matchSent(number, rows);
        } catch (error) {
          this.logger.warn({ err: error, to: maskPhone(number) }, 'could not list sent messages; sending again');
        }
      }
      for (const row of rows) {
        const sid = matches.get(row.attempt_id);
        if (sid && (await this.recordReconciled(row.attempt_id, sid))) {
          reconciled++;
          continue;
        }
        const back = await this.db.query(
          `UPDATE assurance_attempts SET status = 'queued', claimed_by = NULL, next_attempt_at = NULL, updated_at = now()
            WHERE attempt_id = $1 AND status = 'sending' AND next_attempt_at < $2 RETURNING attempt_id`,
          [row.attempt_id, now],
        );
        const backRows = Array.isArray(back[0]) ? (back[0] as unknown[]) : (back as unknown[]);
        requeued += backRows.length;
      }
    }
    if (requeued || reconciled) this.logger.warn({ requeued, reconciled }, 'outbox: took back expired claims');
    return { requeued, reconciled };
  }

  /** attempt id → provider message id, for the expired claims of one number found in the provider's list. */
  private async matchSent(number: string, rows: { attempt_id: number; next_attempt_at: Date }[]): Promise<Map<number, string>> {
    const earliestClaim = Math.min(...rows.map((r) => new Date(r.next_attempt_at).getTime() - this.config.outbox.leaseMs));
    const listed = await this.provider.listSent!(number, new Date(earliestClaim - RECONCILE_SKEW_MS));
    if (!listed.length) return new Map();
    const known: { provider_message_id: string }[] = await this.db.query(
      'SELECT provider_message_id FROM assurance_attempts WHERE provider_message_id = ANY($1)',
      [listed.map((m) => m.providerMessageId)],
    );
    const knownIds = new Set(known.map((k) => k.provider_message_id));
    const unclaimed = listed.filter((m) => !knownIds.has(m.providerMessageId) && !['failed', 'undelivered', 'canceled'].includes(m.status));
    const result = new Map<number, string>();
    const used = new Set<string>();
    // First by text (what the person read), then, for a number with one lost claim, by time alone.
    for (const row of rows) {
      const attempt = await this.db.getRepository(AssuranceAttemptEntity).findOneByOrFail({ attemptId: row.attempt_id });
      if (attempt.secretVariables) continue;
      const template = await this.templates.load(attempt.templateKey);
      const text = attempt.body ?? this.templates.render(template, this.templates.ordered(template, attempt.contentVariables, {}, false));
      const hit = unclaimed.find((m) => !used.has(m.providerMessageId) && m.body.trim() === text.trim());
      if (hit) {
        result.set(row.attempt_id, hit.providerMessageId);
        used.add(hit.providerMessageId);
      }
    }
    const left = unclaimed.filter((m) => !used.has(m.providerMessageId));
    const unmatched = rows.filter((r) => !result.has(r.attempt_id));
    if (unmatched.length === 1 && left.length === 1) result.set(unmatched[0].attempt_id, left[0].providerMessageId);
    return result;
  }

  private async recordReconciled(attemptId: number, providerMessageId: string): Promise<boolean> {
    const attempt = await this.db.getRepository(AssuranceAttemptEntity).findOneByOrFail({ attemptId });
    const recipient = await this.db.getRepository(AssuranceRecipientEntity).findOneByOrFail({ recipientId: attempt.recipientId });
    const group = await this.db.getRepository(AssuranceNotificationGroupEntity).findOneByOrFail({ groupId: attempt.groupId });
    const template = await this.templates.load(attempt.templateKey);
    const maskedText =
      attempt.body ?? this.templates.render(template, this.templates.ordered(template, attempt.contentVariables, {}, true));
    const requestId = group.formId?.startsWith('request:') ? Number(group.formId.slice('request:'.length)) : null;
    const ok = await this.recordSent(
      attempt,
      recipient,
      group,
      requestId,
      maskedText,
      providerMessageId,
      'sending',
      'next_attempt_at < :now',
    );
    if (ok) {
      await this.db.getRepository(AssuranceEventEntity).insert({
        type: 'attempt_reconciled',
        payload: { attemptId, providerMessageId },
      });
      this.logger.warn({ attemptId, providerMessageId }, 'outbox: a taken-back claim had already been sent; recorded, not resent');
    }
    return ok;
  }

  private async sendFailed(
    error: unknown,
    attempt: AssuranceAttemptEntity,
    recipient: AssuranceRecipientEntity,
    group: AssuranceNotificationGroupEntity,
    requestId: number | null,
    maskedText: string,
  ): Promise<{ outcome: DeliveryOutcome; nextAttemptAt?: Date }> {
    const providerError =
      error instanceof ProviderError ? error : new ProviderError(error instanceof Error ? error.message : String(error), true, 'NETWORK');
    const decision = providerError.retryable
      ? nextRetry(
          {
            createdAt: attempt.createdAt,
            attempts: attempt.attempts,
            templateKey: attempt.templateKey,
            retryAfterMs: providerError.retryAfterMs,
          },
          this.clock.now(),
          this.config.outbox.retryWindowMs,
        )
      : null;
    if (decision?.retry) {
      const nextAttemptAt = decision.at;
      await this.db.getRepository(AssuranceAttemptEntity).update(
        { attemptId: attempt.attemptId, status: 'sending' },
        {
          status: 'queued',
          nextAttemptAt,
          claimedBy: null,
          providerErrorCode: providerError.code ?? null,
          providerErrorMessage: providerError.message.slice(0, 1000),
        },
      );
      await this.log(attempt, recipient, requestId, maskedText, 'retrying', {
        errorMessage: providerError.message,
        code: providerError.code,
      });
      this.logger.warn(
        { attemptId: attempt.attemptId, to: maskPhone(recipient.whatsapp), code: providerError.code, nextAttemptAt },
        'whatsapp send failed; will retry',
      );
      return { outcome: 'retry', nextAttemptAt };
    }
    await this.finish(attempt, recipient, 'failed', {
      // A retryable failure that outlived the message's use: "expired" (a code) or "retry_window_over".
      stopReason: decision && !decision.retry ? decision.reason : (providerError.code ?? 'failed'),
      code: providerError.code,
      message: providerError.message,
    });
    await this.log(attempt, recipient, requestId, maskedText, 'failed', {
      errorMessage: providerError.message,
      code: providerError.code,
    });
    this.logger.warn(
      { attemptId: attempt.attemptId, to: maskPhone(recipient.whatsapp), code: providerError.code },
      'whatsapp send failed permanently',
    );
    await this.subjectOutcome(group, attempt.templateKey, 'failed', providerError.message);
    return { outcome: 'failed' };
  }

  /**
   * Administrators need no opt-in. A customer needs consent on record that has not been revoked; a
   * reply to the customer's own message inside the 24-hour window needs none. A revoked number (STOP)
   * gets nothing, ever.
   */
  private async hasConsent(recipient: AssuranceRecipientEntity, reason: string | null): Promise<boolean> {
    if (recipient.role === 'admin') return true;
    const optIn = await this.db.getRepository(WhatsappOptInEntity).findOne({ where: { phoneNumber: recipient.whatsapp } });
    if (optIn?.revokedAt && !optIn.optInStatus) return false;
    if (optIn?.optInStatus) return true;
    if (reason && REPLY_REASONS.includes(reason) && this.insideWindow(optIn)) return true;
    if (optIn) return false;
    return recipient.optedIn;
  }

  /** system_settings whatsapp_use_templates ("false" = send the rendered text as free text). */
  private async useTemplates(): Promise<boolean> {
    // Read at most once a second: a toggle applies within a second, without a query per message.
    const now = Date.now();
    if (this.templateMode && now - this.templateMode.at < 1000) return this.templateMode.value;
    const rows: { value: string }[] = await this.db.query(`SELECT value FROM system_settings WHERE key = 'whatsapp_use_templates'`);
    this.templateMode = { value: rows[0]?.value !== 'false', at: now };
    return this.templateMode.value;
  }

  private insideWindow(optIn: WhatsappOptInEntity | null): boolean {
    return !!optIn?.lastInboundAt && this.clock.now().getTime() - optIn.lastInboundAt.getTime() < DAY_MS;
  }

  /**
   * WhatsApp's limit for a new business account: at most N distinct people outside their 24-hour
   * window per rolling 24 hours. Returns when to try again when this recipient would exceed it.
   */
  private async dailyCapDeferral(recipient: AssuranceRecipientEntity): Promise<Date | null> {
    const cap = this.config.whatsapp.dailyBusinessInitiatedCap;
    if (cap <= 0 || recipient.whatsapp === 'console') return null;
    const now = this.clock.now();
    const since = new Date(now.getTime() - DAY_MS);
    const optIn = await this.db.getRepository(WhatsappOptInEntity).findOne({ where: { phoneNumber: recipient.whatsapp } });
    if (this.insideWindow(optIn)) return null;
    const rows: { whatsapp: string; first_sent: Date }[] = await this.db.query(
      `SELECT r.whatsapp, min(a.sent_at) AS first_sent
         FROM assurance_attempts a JOIN assurance_recipients r ON r.recipient_id = a.recipient_id
        WHERE a.sent_at > $1 AND a.sent_at <= $2 AND a.status IN ('sent','delivered','read') AND r.whatsapp <> 'console'
          AND NOT EXISTS (SELECT 1 FROM whatsapp_opt_ins o WHERE o.phone_number = r.whatsapp AND o.last_inbound_at > $1)
        GROUP BY r.whatsapp ORDER BY first_sent`,
      [since, now],
    );
    if (rows.length < cap || rows.some((r) => r.whatsapp === recipient.whatsapp)) return null;
    // The oldest conversation of the window leaves it first.
    const freed = new Date(new Date(rows[rows.length - cap].first_sent).getTime() + DAY_MS + 1000);
    return freed > now ? freed : new Date(now.getTime() + 60_000);
  }

  private async finish(
    attempt: AssuranceAttemptEntity,
    recipient: AssuranceRecipientEntity,
    status: 'failed' | 'cancelled',
    info: { stopReason: string; code?: string; message?: string },
  ): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager.update(
        AssuranceAttemptEntity,
        { attemptId: attempt.attemptId },
        {
          status,
          nextAttemptAt: null,
          secretVariables: null,
          claimedBy: null,
          providerErrorCode: info.code ?? null,
          providerErrorMessage: info.message?.slice(0, 1000) ?? null,
        },
      );
      await manager.update(
        AssuranceRecipientEntity,
        { recipientId: recipient.recipientId },
        { status, stopReason: info.stopReason.slice(0, 100), lastAttemptAt: this.clock.now() },
      );
    });
  }

  private async log(
    attempt: AssuranceAttemptEntity,
    recipient: AssuranceRecipientEntity,
    requestId: number | null,
    maskedText: string,
    status: string,
    extra: { errorMessage?: string; code?: string },
  ): Promise<void> {
    await this.db.getRepository(NotificationLogEntity).insert(this.logRow(attempt, recipient, requestId, maskedText, status, extra));
  }

  private logRow(
    attempt: Pick<AssuranceAttemptEntity, 'attemptId' | 'templateKey'>,
    recipient: AssuranceRecipientEntity,
    requestId: number | null,
    maskedText: string,
    status: string,
    extra: { errorMessage?: string; code?: string; providerMessageId?: string; sentAt?: Date },
  ): Partial<NotificationLogEntity> {
    return {
      requestId: Number.isInteger(requestId) ? requestId : null,
      recipientPhone: recipient.whatsapp,
      recipientType: recipient.role,
      notificationType: attempt.templateKey,
      templateKey: attempt.templateKey,
      attemptId: attempt.attemptId,
      messageContent: maskedText,
      status,
      errorMessage: extra.errorMessage?.slice(0, 1000) ?? null,
      providerErrorCode: extra.code ?? null,
      providerMessageId: extra.providerMessageId ?? null,
      sentAt: extra.sentAt ?? null,
    };
  }
}

/** RETURNING * gives snake_case columns; map them onto the entity's properties. */
function mapRaw(raw: Record<string, unknown>): Partial<AssuranceAttemptEntity> {
  return {
    attemptId: raw.attempt_id as number,
    groupId: raw.group_id as number,
    recipientId: raw.recipient_id as number,
    templateKey: raw.template_key as string,
    contentVariables: raw.content_variables as Record<string, unknown> | null,
    status: raw.status as AssuranceAttemptEntity['status'],
    idempotencyKey: raw.idempotency_key as string,
    attempts: raw.attempts as number,
    nextAttemptAt: raw.next_attempt_at as Date | null,
    secretVariables: raw.secret_variables as string | null,
    body: raw.body as string | null,
    createdAt: raw.created_at as Date,
  };
}
