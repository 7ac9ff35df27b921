import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../common/clock/clock';
import { APP_LOGGER } from '../../../common/logging/logger';
import { maskPhone } from '../../../shared/phone';
import { WHATSAPP_PROVIDER } from '../providers/whatsapp-provider';
import type { WhatsAppProvider } from '../providers/whatsapp-provider';
import { TemplateRegistry } from '../templates/template-registry';
import { DeliveryRecorder, requestIdOf } from './delivery-recorder';
import { DeliveryRepository, ExpiredClaim } from './delivery.repository';

/** How far before a claim the reconciliation looks in the provider's list (clock skew). */
const RECONCILE_SKEW_MS = 60_000;
const BATCH = 500;

/**
 * Takes back claims whose lease ran out (the worker died mid-send). Where the provider can list what
 * it accepted, a message that already went out is recorded instead of being sent again.
 */
@Injectable()
export class ReconcileService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    @Inject(WHATSAPP_PROVIDER) private readonly provider: WhatsAppProvider,
    @Inject(Clock) private readonly clock: Clock,
    private readonly repo: DeliveryRepository,
    private readonly recorder: DeliveryRecorder,
    private readonly templates: TemplateRegistry,
  ) {}

  async reclaimExpired(): Promise<{ requeued: number; reconciled: number }> {
    const now = this.clock.now();
    const expired = await this.repo.expiredClaims(now, BATCH);
    let requeued = 0;
    let reconciled = 0;
    const byNumber = new Map<string, ExpiredClaim[]>();
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
        const sid = matches.get(row.attemptId);
        if (sid && (await this.recordReconciled(row.attemptId, sid))) reconciled++;
        else if (await this.repo.requeueExpired(row.attemptId, now)) requeued++;
      }
    }
    if (requeued && !this.provider.listSent) {
      // Meta's Cloud API has no list of sent messages to check against (decisions.md allows this):
      // each claim is sent again, so one the provider had accepted before its worker died goes twice.
      this.logger.warn(
        { requeued, provider: this.provider.name },
        'outbox: took back expired claims; this provider keeps no list of sent messages to check, so they are sent again',
      );
      await this.repo.insertEvent('claims_resent_unverified', { provider: this.provider.name, count: requeued });
    } else if (requeued || reconciled) this.logger.warn({ requeued, reconciled }, 'outbox: took back expired claims');
    return { requeued, reconciled };
  }

  /** attempt id → provider message id, for the expired claims of one number found in the provider's list. */
  private async matchSent(number: string, rows: ExpiredClaim[]): Promise<Map<number, string>> {
    const earliestClaim = Math.min(...rows.map((r) => new Date(r.leaseEnd).getTime() - this.config.outbox.leaseMs));
    const listed = await this.provider.listSent!(number, new Date(earliestClaim - RECONCILE_SKEW_MS));
    if (!listed.length) return new Map();
    const knownIds = await this.repo.knownProviderIds(listed.map((m) => m.providerMessageId));
    const unclaimed = listed.filter((m) => !knownIds.has(m.providerMessageId) && !['failed', 'undelivered', 'canceled'].includes(m.status));
    const result = new Map<number, string>();
    const used = new Set<string>();
    // First by text (what the person read), then, for a number with one lost claim, by time alone.
    for (const row of rows) {
      const attempt = await this.repo.findAttempt(row.attemptId);
      if (!attempt || attempt.secretVariables) continue;
      const template = await this.templates.load(attempt.templateKey);
      const text = attempt.body ?? this.templates.render(template, this.templates.ordered(template, attempt.contentVariables, {}, false));
      const hit = unclaimed.find((m) => !used.has(m.providerMessageId) && m.body.trim() === text.trim());
      if (hit) {
        result.set(row.attemptId, hit.providerMessageId);
        used.add(hit.providerMessageId);
      }
    }
    const left = unclaimed.filter((m) => !used.has(m.providerMessageId));
    const unmatched = rows.filter((r) => !result.has(r.attemptId));
    if (unmatched.length === 1 && left.length === 1) result.set(unmatched[0].attemptId, left[0].providerMessageId);
    return result;
  }

  private async recordReconciled(attemptId: number, providerMessageId: string): Promise<boolean> {
    const attempt = await this.repo.findAttempt(attemptId);
    if (!attempt) return false;
    const { recipient, group } = await this.repo.context(attempt);
    const template = await this.templates.load(attempt.templateKey);
    const maskedText =
      attempt.body ?? this.templates.render(template, this.templates.ordered(template, attempt.contentVariables, {}, true));
    const ok = await this.recorder.sent({ attempt, recipient, group, requestId: requestIdOf(group), maskedText }, providerMessageId, true);
    if (ok) {
      await this.repo.insertEvent('attempt_reconciled', { attemptId, providerMessageId });
      this.logger.warn({ attemptId, providerMessageId }, 'outbox: a taken-back claim had already been sent; recorded, not resent');
    }
    return ok;
  }
}
