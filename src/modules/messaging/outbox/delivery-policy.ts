import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { Clock } from '../../../common/clock/clock';
import { ProviderError } from '../providers/whatsapp-provider';
import { ConversationsRepository } from './conversations.repository';
import { DeliveryRecipient, DeliveryRepository, OptInState } from './delivery.repository';

/** Reasons of messages that answer the customer's own inbound message (allowed inside the 24-hour window without an opt-in). */
export const REPLY_REASONS: readonly string[] = ['auto_reply', 'quick_message_reply', 'status_reply'];

const DAY_MS = 24 * 60 * 60_000;
/** Templates that may use only half of the daily cap of business-initiated conversations. */
const CAPPED_TO_HALF: ReadonlySet<string> = new Set(['inquiryReceived']);

/** A conversation this message opened: given back if the provider takes nothing. */
export interface BookedConversation {
  whatsapp: string;
  at: Date;
}

export type Admission = { kind: 'no_consent' } | { kind: 'deferred'; until: Date } | { kind: 'send'; booked: BookedConversation | null };

/** WhatsApp's rules a message must pass before it is sent: consent, the daily cap, the template mode. */
@Injectable()
export class DeliveryPolicy {
  private templateMode: { value: boolean; at: number } | null = null;

  constructor(
    private readonly repo: DeliveryRepository,
    private readonly conversations: ConversationsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Consent first, then the daily cap: whether this message may go now, and if so the conversation it
   * booked (to give back if the provider takes nothing). `optIn`: the number's whatsapp_opt_ins row as
   * the claim read it (null when there is none).
   */
  async admit(recipient: DeliveryRecipient, reason: string | null, templateKey: string, optIn: OptInState | null): Promise<Admission> {
    if (!this.hasConsent(recipient, reason, optIn)) return { kind: 'no_consent' };
    return this.dailyCap(recipient, templateKey, optIn);
  }

  /** The provider took nothing: the conversation this message opened is not one (a timeout may have gone through, so it stays). */
  async release(booked: BookedConversation | null, error: unknown): Promise<void> {
    if (!booked || (error instanceof ProviderError && error.code === 'TIMEOUT')) return;
    await this.conversations.release(booked.whatsapp, booked.at);
  }

  /**
   * Administrators need no opt-in. A customer needs consent on record that has not been revoked; a
   * reply to the customer's own message inside the 24-hour window needs none. A revoked number (STOP)
   * gets nothing, ever.
   */
  private hasConsent(recipient: DeliveryRecipient, reason: string | null, optIn: OptInState | null): boolean {
    if (recipient.role === 'admin') return true;
    if (optIn?.revokedAt && !optIn.optInStatus) return false;
    if (optIn?.optInStatus) return true;
    if (reason && REPLY_REASONS.includes(reason) && this.insideWindow(optIn)) return true;
    if (optIn) return false;
    return recipient.optedIn;
  }

  /**
   * WhatsApp's limit for a new business account: at most N distinct people outside their 24-hour
   * window per rolling 24 hours. Books this person's conversation, or says when to try again. The
   * conversations are kept as they are booked (conversations.repository.ts), so this costs the same
   * at the day's first message as at its fifty-thousandth.
   */
  private async dailyCap(recipient: DeliveryRecipient, templateKey: string, optIn: OptInState | null): Promise<Admission> {
    const fullCap = this.config.whatsapp.dailyBusinessInitiatedCap;
    if (fullCap <= 0 || recipient.whatsapp === 'console' || this.insideWindow(optIn)) return { kind: 'send', booked: null };
    // The public form's acknowledgements may use half the cap: whatever the form receives, request
    // confirmations, status updates, codes and alerts keep the other half.
    const cap = CAPPED_TO_HALF.has(templateKey) ? Math.max(1, Math.floor(fullCap / 2)) : fullCap;
    const now = this.clock.now();
    const booking = await this.conversations.book(recipient.whatsapp, now, new Date(now.getTime() - DAY_MS), cap);
    if (booking.outcome === 'opened') return { kind: 'send', booked: { whatsapp: recipient.whatsapp, at: now } };
    if (booking.outcome === 'open') return { kind: 'send', booked: null };
    // The oldest conversation of the window leaves it first.
    const freed = booking.freesAt ? new Date(new Date(booking.freesAt).getTime() + DAY_MS + 1000) : now;
    return { kind: 'deferred', until: freed > now ? freed : new Date(now.getTime() + 60_000) };
  }

  /** system_settings whatsapp_use_templates ("false" = send the rendered text as free text). */
  async useTemplates(): Promise<boolean> {
    // Read at most once a second: a toggle applies within a second, without a query per message.
    const now = Date.now();
    if (this.templateMode && now - this.templateMode.at < 1000) return this.templateMode.value;
    this.templateMode = { value: (await this.repo.templateModeSetting()) !== 'false', at: now };
    return this.templateMode.value;
  }

  private insideWindow(optIn: OptInState | null): boolean {
    return !!optIn?.lastInboundAt && this.clock.now().getTime() - optIn.lastInboundAt.getTime() < DAY_MS;
  }
}
