import type { TemplateCategory, TemplateComponent } from '../../../shared/templates';

/** A template as WhatsApp knows it (Meta sends a template by name and language, not by content id). */
export interface OutgoingTemplate {
  /** The name approved in WhatsApp Manager (configured, else the product's own). */
  name: string;
  language: string;
  category: TemplateCategory;
  /** The components with their {{n}} placeholders, numbered across the template as `variables` is. */
  components: readonly TemplateComponent[];
}

/** One message as the worker hands it to a provider driver. */
export interface OutgoingWhatsAppMessage {
  /** E.164 (+9665XXXXXXXX), or 'console' for the development driver's administrator stand-in. */
  to: string;
  templateKey: string;
  /** The provider's template id (Twilio ContentSid); null for drivers that need none. */
  contentSid: string | null;
  template: OutgoingTemplate;
  /** Placeholder values in order: index 0 is {{1}}. Secret values included (used only here). */
  variables: string[];
  /** The rendered text: what the person reads. */
  text: string;
  /** True when the message is free text inside the customer's 24-hour window. */
  freeText: boolean;
  /** Our attempt id, for the driver's own records and callbacks. */
  attemptId: number;
}

export interface SendResult {
  providerMessageId: string;
  /** The provider's own status word at acceptance (queued, accepted, sent). */
  status: string;
}

/**
 * A provider said no. `retryable` decides between backing off (429, 5xx, network) and stopping at
 * once (invalid number, opted out, template rejected).
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code?: string,
    readonly httpStatus?: number,
    /** The provider's Retry-After, when it sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A message the provider reports as already accepted (for reconciliation after a worker died). */
export interface ProviderSentMessage {
  providerMessageId: string;
  /** E.164. */
  to: string;
  body: string;
  status: string;
  createdAt: Date;
}

/**
 * What every WhatsApp driver implements: console (development), twilio (content SIDs) and meta
 * (Cloud API: template name + language), selected by WHATSAPP_PROVIDER in messaging.module.ts.
 */
export interface WhatsAppProvider {
  readonly name: string;
  /** Whether the driver needs a template content id to send a template. */
  readonly needsContentSid: boolean;
  send(message: OutgoingWhatsAppMessage): Promise<SendResult>;
  /**
   * Messages the provider accepted for this recipient since a time, when the provider can list them
   * (Twilio's message list). The sweeper uses it before sending a taken-back claim again; a driver
   * without it (Meta keeps no such list) has its taken-back claims sent again.
   */
  listSent?(to: string, since: Date): Promise<ProviderSentMessage[]>;
}

/** Provider error codes with a meaning for the delivery rules. */
export const PROVIDER_ERRORS = {
  /**
   * The free-text message fell outside the customer's 24-hour window: send the template instead
   * (Twilio 63016, Meta 131047 "re-engagement message").
   */
  outsideWindow: ['63016', '131047'],
} as const;

/** True when a provider refused free text because the customer's 24-hour window is closed. */
export function isOutsideWindow(code: string | null | undefined): boolean {
  return code !== null && code !== undefined && (PROVIDER_ERRORS.outsideWindow as readonly string[]).includes(code);
}

/** Injection token of the configured driver. */
export const WHATSAPP_PROVIDER = Symbol('WHATSAPP_PROVIDER');
