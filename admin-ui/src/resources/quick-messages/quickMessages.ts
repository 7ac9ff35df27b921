import { formatDateTimeWithHijri } from '@shared/arabic-date';
import type { QuickMessageItem } from '@shared/api/quick-messages';

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

/**
 * The selection after the select-all checkbox is clicked: the page's items added, or taken out when
 * all of them were selected (items selected on other pages stay selected).
 */
export function toggleAll(selected: readonly number[], ids: readonly number[]): number[] {
  const set = new Set(selected);
  if (selectionState(set, ids) === 'all') return selected.filter((id) => !ids.includes(id));
  return [...selected, ...ids.filter((id) => !set.has(id))];
}

/** True while an item waits for the worker (its acknowledgement or the reply), so a later refresh can show the outcome. */
export function hasTransientStatus(messages: readonly Pick<QuickMessageItem, 'status' | 'replyStatus'>[]): boolean {
  return messages.some((m) => m.status === 'pending' || m.replyStatus === 'pending');
}
