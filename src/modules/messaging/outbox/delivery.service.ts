import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { hostname } from 'node:os';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../common/clock/clock';
import { APP_LOGGER } from '../../../common/logging/logger';
import { decryptSecret, deriveKey } from '../../../common/crypto/secrets';
import { maskPhone } from '../../../shared/phone';
import { DeliveryCircuit, Gate } from '../circuit/delivery-circuit';
import { isOutsideWindow, ProviderError, WHATSAPP_PROVIDER } from '../providers/whatsapp-provider';
import type { SendResult, WhatsAppProvider } from '../providers/whatsapp-provider';
import { TemplateRegistry } from '../templates/template-registry';
import { DeliveryContext, DeliveryRecorder, requestIdOf } from './delivery-recorder';
import { DeliveryPolicy } from './delivery-policy';
import { ClaimedAttempt, DeliveryRepository } from './delivery.repository';
import { isPastUsefulLife, nextRetry } from './retry-policy';
import { SendRate } from './send-rate';
import { DELIVERY_TEXTS } from './delivery-texts';

export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'cancelled' | 'skipped' | 'deferred' | 'paused';

/**
 * Sends one outbox attempt: claim the row (so two workers never send the same one), check its life,
 * the provider circuit, consent and the daily cap, call the provider, record the outcome.
 */
@Injectable()
export class DeliveryService {
  private readonly secretKey: Buffer;
  readonly workerId = `${hostname()}:${process.pid}`;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @Inject(WHATSAPP_PROVIDER) private readonly provider: WhatsAppProvider,
    @Inject(Clock) private readonly clock: Clock,
    private readonly repo: DeliveryRepository,
    private readonly recorder: DeliveryRecorder,
    private readonly policy: DeliveryPolicy,
    private readonly circuit: DeliveryCircuit,
    private readonly templates: TemplateRegistry,
    private readonly rate: SendRate,
  ) {
    this.secretKey = deriveKey(config.appSecret, 'message-secrets');
  }

  /**
   * `claim`: the claim count the job was queued for (a job whose attempt was claimed since is stale);
   * `key`: the attempt's key (a job from another database's outbox names a row that is not its own).
   */
  async deliver(attemptId: number, claim?: number, key?: string): Promise<{ outcome: DeliveryOutcome; nextAttemptAt?: Date }> {
    const now = this.clock.now();
    const leaseEnd = new Date(now.getTime() + this.config.outbox.leaseMs);
    const claimed = await this.repo.claim(attemptId, now, leaseEnd, this.workerId, claim, key);
    if (!claimed) return { outcome: 'skipped' };

    const { attempt, recipient, group, optIn } = claimed;
    const template = await this.templates.load(attempt.templateKey);
    const secrets = attempt.secretVariables
      ? (JSON.parse(decryptSecret(this.secretKey, attempt.secretVariables)) as Record<string, string>)
      : {};
    const maskedText =
      attempt.body !== null
        ? this.templates.fillBody(attempt.body, secrets, true)
        : this.templates.render(template, this.templates.ordered(template, attempt.contentVariables, secrets, true));
    const ctx: DeliveryContext = { attempt, recipient, group, requestId: requestIdOf(group), maskedText };

    // A login code past its validity is worthless (the person asks for a new one): never sent late.
    if (isPastUsefulLife(attempt, now)) {
      await this.recorder.ended(ctx, 'failed', { stopReason: 'expired', message: DELIVERY_TEXTS.expired });
      return { outcome: 'failed' };
    }

    const gate = await this.circuit.gate(this.workerId, claimed.circuit);
    if (!gate.send) {
      // The provider is failing: the message waits, unclaimed and without spending a try.
      await this.repo.waitForCircuit(attempt.attemptId, gate.until, now);
      return { outcome: 'paused', nextAttemptAt: gate.until };
    }

    const admission = await this.policy.admit(recipient, group.reason, attempt.templateKey, optIn);
    if (admission.kind === 'no_consent') {
      await this.recorder.ended(ctx, 'cancelled', { stopReason: 'not_opted_in', message: DELIVERY_TEXTS.noConsent });
      return { outcome: 'cancelled' };
    }
    if (admission.kind === 'deferred') {
      // Deferred, never dropped: the try does not count, and the sweeper picks it up when a slot frees.
      await this.recorder.deferred(ctx, admission.until, { errorMessage: DELIVERY_TEXTS.dailyCapDeferred, code: 'DAILY_CAP' });
      this.logger.info({ attemptId, to: maskPhone(recipient.whatsapp), until: admission.until }, 'daily cap reached; deferred');
      return { outcome: 'deferred', nextAttemptAt: admission.until };
    }

    let result: SendResult;
    try {
      result = await this.send(ctx, attempt, template, secrets);
    } catch (error) {
      await this.policy.release(admission.booked, error);
      return this.sendFailed(error, ctx, attempt, gate);
    }
    await this.recorder.sent(ctx, result.providerMessageId);
    await this.circuit.succeeded(gate);
    return { outcome: 'sent' };
  }

  private async send(
    ctx: DeliveryContext,
    attempt: ClaimedAttempt,
    template: Awaited<ReturnType<TemplateRegistry['load']>>,
    secrets: Record<string, string>,
  ): Promise<SendResult> {
    const ordered = this.templates.ordered(template, attempt.contentVariables, secrets, false);
    const templateText = this.templates.render(template, ordered);
    const text = attempt.body !== null ? this.templates.fillBody(attempt.body, secrets, false) : templateText;
    const send = async (freeText: boolean) => {
      await this.rate.take();
      return this.provider.send({
        to: ctx.recipient.whatsapp,
        templateKey: attempt.templateKey,
        contentSid: template.contentSid,
        template: { name: template.name, language: template.language, category: template.category, components: template.components },
        variables: ordered,
        text: freeText ? text : templateText,
        freeText,
        attemptId: attempt.attemptId,
      });
    };
    // Free text for a reply inside the window, or everything while the template mode is off.
    const asFreeText = attempt.body !== null || (ctx.recipient.whatsapp !== 'console' && !(await this.policy.useTemplates()));
    try {
      return await send(asFreeText);
    } catch (error) {
      // Outside the 24-hour window free text is refused: the same attempt goes out as the template.
      if (!(error instanceof ProviderError) || !isOutsideWindow(error.code) || !asFreeText) throw error;
      await this.recorder.log(ctx, 'fallback_template', { errorMessage: error.message, code: error.code });
      return send(false);
    }
  }

  private async sendFailed(
    error: unknown,
    ctx: DeliveryContext,
    attempt: ClaimedAttempt,
    gate: Extract<Gate, { send: true }>,
  ): Promise<{ outcome: DeliveryOutcome; nextAttemptAt?: Date }> {
    const providerError =
      error instanceof ProviderError ? error : new ProviderError(error instanceof Error ? error.message : String(error), true, 'NETWORK');
    const to = maskPhone(ctx.recipient.whatsapp);
    if (!providerError.retryable) {
      // The provider answered and refused this message (a bad number, no consent): it is not down.
      await this.circuit.succeeded(gate);
      await this.recorder.ended(ctx, 'failed', {
        stopReason: providerError.code ?? 'failed',
        code: providerError.code,
        message: providerError.message,
      });
      this.logger.warn({ attemptId: attempt.attemptId, to, code: providerError.code }, 'whatsapp send failed permanently');
      return { outcome: 'failed' };
    }
    await this.circuit.faulted(this.workerId, providerError);
    const decision = nextRetry(
      {
        createdAt: attempt.createdAt,
        attempts: attempt.attempts,
        templateKey: attempt.templateKey,
        retryAfterMs: providerError.retryAfterMs,
      },
      this.clock.now(),
      this.config.outbox.retryWindowMs,
    );
    if (!decision.retry) {
      // A retryable failure that outlived the message's use: "expired" (a code) or "retry_window_over".
      await this.recorder.ended(ctx, 'failed', { stopReason: decision.reason, code: providerError.code, message: providerError.message });
      this.logger.warn({ attemptId: attempt.attemptId, to, code: providerError.code, reason: decision.reason }, 'whatsapp send given up');
      return { outcome: 'failed' };
    }
    await this.repo.scheduleRetry(attempt.attemptId, decision.at, { code: providerError.code ?? null, message: providerError.message });
    await this.recorder.log(ctx, 'retrying', { errorMessage: providerError.message, code: providerError.code });
    this.logger.warn(
      { attemptId: attempt.attemptId, to, code: providerError.code, nextAttemptAt: decision.at },
      'whatsapp send failed; will retry',
    );
    return { outcome: 'retry', nextAttemptAt: decision.at };
  }
}
