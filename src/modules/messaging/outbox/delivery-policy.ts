import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../common/clock/clock';
import { AssuranceRecipientEntity } from '../entities/assurance-recipient.entity';
import { WhatsappOptInEntity } from '../entities/whatsapp-opt-in.entity';
import { DeliveryRepository } from './delivery.repository';

/** Reasons of messages that answer the customer's own inbound message (allowed inside the 24-hour window without an opt-in). */
export const REPLY_REASONS: readonly string[] = ['auto_reply', 'quick_message_reply', 'status_reply'];

const DAY_MS = 24 * 60 * 60_000;
/** Templates that may use only half of the daily cap of business-initiated conversations. */
const CAPPED_TO_HALF: ReadonlySet<string> = new Set(['inquiryReceived']);

/** WhatsApp's rules a message must pass before it is sent: consent, the daily cap, the template mode. */
@Injectable()
export class DeliveryPolicy {
  private templateMode: { value: boolean; at: number } | null = null;

  constructor(
    private readonly repo: DeliveryRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Administrators need no opt-in. A customer needs consent on record that has not been revoked; a
   * reply to the customer's own message inside the 24-hour window needs none. A revoked number (STOP)
   * gets nothing, ever.
   */
  async hasConsent(recipient: AssuranceRecipientEntity, reason: string | null): Promise<boolean> {
    if (recipient.role === 'admin') return true;
    const optIn = await this.repo.optIn(recipient.whatsapp);
    if (optIn?.revokedAt && !optIn.optInStatus) return false;
    if (optIn?.optInStatus) return true;
    if (reason && REPLY_REASONS.includes(reason) && this.insideWindow(optIn)) return true;
    if (optIn) return false;
    return recipient.optedIn;
  }

  /**
   * WhatsApp's limit for a new business account: at most N distinct people outside their 24-hour
   * window per rolling 24 hours. Returns when to try again when this recipient would exceed it.
   */
  async dailyCapDeferral(recipient: AssuranceRecipientEntity, templateKey: string): Promise<Date | null> {
    const fullCap = this.config.whatsapp.dailyBusinessInitiatedCap;
    // The public form's acknowledgements may use half the cap: whatever the form receives, request
    // confirmations, status updates, codes and alerts keep the other half.
    const cap = CAPPED_TO_HALF.has(templateKey) ? Math.max(1, Math.floor(fullCap / 2)) : fullCap;
    if (fullCap <= 0 || recipient.whatsapp === 'console') return null;
    const now = this.clock.now();
    if (this.insideWindow(await this.repo.optIn(recipient.whatsapp))) return null;
    const rows = await this.repo.businessInitiatedSince(new Date(now.getTime() - DAY_MS), now);
    if (rows.length < cap || rows.some((r) => r.whatsapp === recipient.whatsapp)) return null;
    // The oldest conversation of the window leaves it first.
    const freed = new Date(new Date(rows[rows.length - cap].first_sent).getTime() + DAY_MS + 1000);
    return freed > now ? freed : new Date(now.getTime() + 60_000);
  }

  /** system_settings whatsapp_use_templates ("false" = send the rendered text as free text). */
  async useTemplates(): Promise<boolean> {
    // Read at most once a second: a toggle applies within a second, without a query per message.
    const now = Date.now();
    if (this.templateMode && now - this.templateMode.at < 1000) return this.templateMode.value;
    this.templateMode = { value: (await this.repo.templateModeSetting()) !== 'false', at: now };
    return this.templateMode.value;
  }

  private insideWindow(optIn: WhatsappOptInEntity | null): boolean {
    return !!optIn?.lastInboundAt && this.clock.now().getTime() - optIn.lastInboundAt.getTime() < DAY_MS;
  }
}
