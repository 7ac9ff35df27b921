import { formatDateTimeWithHijri } from '@shared/arabic-date';

/** One item of GET /api/admin/quick-messages. */
export interface QuickMessageItem {
  id: number;
  requestId: number | null;
  phoneNumber: string;
  senderName: string;
  createdAt: string | null;
  originalMessage: string;
  inquiryType: string;
  inquirySubject: string;
  status: string;
  adminReply: string | null;
  repliedAt: string | null;
  replyStatus: string | null;
  replyErrorMessage: string | null;
  errorMessage: string | null;
}

export interface QuickMessageStats {
  total: number;
  sent: number;
  failed: number;
  pending: number;
}

export interface QuickMessagesList {
  messages: QuickMessageItem[];
  stats?: QuickMessageStats;
}

/**
 * A date of the list in the ar-SA locale (Gregorian with the Hijri date and the Riyadh time), or why
 * it cannot be shown: 'missing' (spec: 'غير متاح') or 'invalid' (spec: 'تاريخ غير صحيح').
 */
export type DateDisplay = { ok: true; text: string } | { ok: false; reason: 'missing' | 'invalid' };

export function quickMessageDate(value: string | number | Date | null | undefined): DateDisplay {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return { ok: false, reason: 'missing' };
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return { ok: false, reason: 'invalid' };
  try {
    return { ok: true, text: formatDateTimeWithHijri(date) };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/**
 * The four stats cards: the server's figures when it sends them, otherwise counted from the list
 * (sent and delivered count as sent; anything that is neither sent nor failed is pending).
 */
export function quickMessageStats(
  messages: readonly Pick<QuickMessageItem, 'status'>[],
  server?: Partial<QuickMessageStats> | null,
): QuickMessageStats {
  if (server && isCount(server.total) && isCount(server.sent) && isCount(server.failed) && isCount(server.pending)) {
    return { total: server.total, sent: server.sent, failed: server.failed, pending: server.pending };
  }
  const stats: QuickMessageStats = { total: messages.length, sent: 0, failed: 0, pending: 0 };
  for (const m of messages) {
    if (m.status === 'sent' || m.status === 'delivered') stats.sent++;
    else if (m.status === 'failed') stats.failed++;
    else stats.pending++;
  }
  return stats;
}

/** Only a failed acknowledgement can be sent again (the server answers 409 otherwise). */
export function canResend(message: Pick<QuickMessageItem, 'status'>): boolean {
  return message.status === 'failed';
}

export type Tone = 'success' | 'error' | 'warning' | 'default';

/** Colour of a delivery or reply status chip (the chip always carries its text too). */
export function statusTone(status: string | null | undefined): Tone {
  switch (status) {
    case 'sent':
    case 'delivered':
      return 'success';
    case 'failed':
      return 'error';
    case 'pending':
      return 'warning';
    default:
      return 'default';
  }
}

/** State of the select-all checkbox. */
export function selectionState(selected: ReadonlySet<number>, ids: readonly number[]): 'none' | 'some' | 'all' {
  const count = ids.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}

/** The selection after the select-all checkbox is clicked: everything, or nothing when all were selected. */
export function toggleAll(selected: ReadonlySet<number>, ids: readonly number[]): Set<number> {
  return selectionState(selected, ids) === 'all' ? new Set() : new Set(ids);
}

/** The selection without the ids that are no longer listed (deleted elsewhere, or just now). */
export function pruneSelection(selected: ReadonlySet<number>, ids: readonly number[]): Set<number> {
  const listed = new Set(ids);
  return new Set([...selected].filter((id) => listed.has(id)));
}

/** True while an item waits for the worker (its acknowledgement or the reply), so a later refresh can show the outcome. */
export function hasTransientStatus(messages: readonly Pick<QuickMessageItem, 'status' | 'replyStatus'>[]): boolean {
  return messages.some((m) => m.status === 'pending' || m.replyStatus === 'pending');
}

/** The administrators' quick-messages endpoint. */
export const QUICK_MESSAGES_URL = '/api/admin/quick-messages';
