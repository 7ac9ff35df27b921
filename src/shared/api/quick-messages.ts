import type { QuickMessageStatus, ReplyStatus } from '../labels';

/**
 * The stats cards' groups (spec: total, sent, failed, pending): delivered counts as sent, and
 * anything neither sent nor failed is pending. The list's `status` filter takes the same groups.
 */
export const QUICK_MESSAGE_STATUS_GROUPS = ['sent', 'failed', 'pending'] as const;
export type QuickMessageStatusGroup = (typeof QUICK_MESSAGE_STATUS_GROUPS)[number];

/** One record of GET /api/admin/quick-messages (list convention). */
export interface QuickMessageItem {
  id: number;
  /** The sender's latest active request when the inquiry arrived (decisions.md), or null. */
  requestId: number | null;
  /** Canonical 05XXXXXXXX. */
  phoneNumber: string;
  senderName: string;
  createdAt: string | null;
  originalMessage: string;
  inquiryType: string;
  inquirySubject: string;
  status: QuickMessageStatus;
  adminReply: string | null;
  repliedAt: string | null;
  replyStatus: ReplyStatus | null;
  replyErrorMessage: string | null;
  errorMessage: string | null;
  /** Set by an administrator's reply, or by hand; the list opens on the unanswered ones. */
  answered: boolean;
  answeredAt: string | null;
}

/**
 * PATCH /api/admin/quick-messages/:id: mark answered or not by hand, and/or link the message to a
 * request by its number (null unlinks). The answer carries the message as it now is.
 */
export interface QuickMessageChange {
  answered?: boolean;
  requestId?: number | null;
}

/** GET /api/admin/quick-messages/stats: the cards, over every message. */
export interface QuickMessageStats {
  total: number;
  sent: number;
  failed: number;
  pending: number;
  /** Not answered yet (neither replied to nor marked by hand). */
  unanswered: number;
}
