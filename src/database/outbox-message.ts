import type { TemplateKey } from '../shared/templates';
export type RecipientRole = 'customer' | 'admin';

export interface OutboxRecipient {
  /** E.164, or 'console' (development stand-in for administrators). */
  whatsapp: string;
  role: RecipientRole;
  /** Customers need consent; administrators do not (decisions.md). */
  optedIn?: boolean;
}

/** What a module asks the outbox to send, inside its own transaction. */
export interface OutboxMessage {
  templateKey: TemplateKey;
  recipients: OutboxRecipient[];
  /** Named values for the template's placeholders (see the template definitions). */
  variables?: Record<string, string | number>;
  /** Named values that are secret (codes): stored encrypted, masked in every log. */
  secretVariables?: Record<string, string>;
  /** Why it is sent, e.g. request_created, login_code. */
  reason: string;
  /** What it is about: ('request', 1024), ('quick_message', 7)… */
  subject?: { type: string; id: number | string };
  /** The customer's own number when there is one (assurance_notification_groups.requester_whatsapp). */
  requesterWhatsapp?: string;
  /** Free text for a reply inside the 24-hour window (otherwise the template is rendered). */
  body?: string;
}

export interface EnqueuedMessage {
  groupId: number;
  attemptIds: number[];
  /** What publish() needs, so the caller can wake the worker without another query. */
  attempts: { attemptId: number; idempotencyKey: string; templateKey: string }[];
}

/** What publish() needs to queue an attempt: its key and, after the first, its claim count. */
export interface PublishedAttempt {
  attemptId: number;
  idempotencyKey: string;
  /** Decides the job's priority (codes and security alerts first). */
  templateKey?: string;
  claims?: number;
  delayMs?: number;
}
