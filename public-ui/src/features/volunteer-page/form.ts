import type { CollectedInput, NotCollectedInput, VolunteerPickup } from '@shared/api/volunteers';
import {
  COLLECTION_CHECKS,
  isNotCollectedReason,
  NOT_COLLECTED_REASON_LABELS,
  VOLUNTEER_PAGE_MESSAGES,
  type CollectionCheck,
} from '@shared/volunteer';
import { parseWeighedKgInput } from '@shared/weighed-kg';
import { texts } from './texts';

/** The longest note a «لم يتم الاستلام» may carry (the server's rule). */
export const NOT_COLLECTED_NOTE_MAX = 500;

/** Each food-safety check as answered on the form: yes, no, or not yet. */
export type CheckAnswers = Record<CollectionCheck, boolean | null>;

export const NO_ANSWERS: CheckAnswers = { packed: null, temperature: null, beforeDeadline: null };

type Checked<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

/**
 * The «تم الاستلام» form as the server will check it: the weighed kilograms required and by the shared
 * rule (Western or Arabic-Indic digits, «.» or «٫»), and every check answered yes or no.
 */
export function checkCollectedForm(kgText: string, answers: CheckAnswers): Checked<CollectedInput> {
  const errors: Record<string, string> = {};
  const kg = parseWeighedKgInput(kgText);
  let weighedKg = 0;
  if (!kg.ok) errors.weighedKg = kg.error;
  else if (kg.value === null) errors.weighedKg = texts.kgRequired;
  else weighedKg = kg.value;
  if (!COLLECTION_CHECKS.every((c) => typeof answers[c] === 'boolean')) errors.checks = VOLUNTEER_PAGE_MESSAGES.checks;
  if (Object.keys(errors).length) return { ok: false, errors };
  const checks = Object.fromEntries(COLLECTION_CHECKS.map((c) => [c, answers[c] as boolean])) as CollectedInput['checks'];
  return { ok: true, value: { weighedKg, checks } };
}

/** The «لم يتم الاستلام» form: a reason from the list, and a note of 500 characters at most (sent only when written). */
export function checkNotCollectedForm(reason: string | null, note: string): Checked<NotCollectedInput> {
  const errors: Record<string, string> = {};
  const trimmed = note.replace(/\s+/g, ' ').trim();
  if (!isNotCollectedReason(reason)) errors.reason = VOLUNTEER_PAGE_MESSAGES.reason;
  if ([...trimmed].length > NOT_COLLECTED_NOTE_MAX) errors.note = VOLUNTEER_PAGE_MESSAGES.noteTooLong;
  if (Object.keys(errors).length || !isNotCollectedReason(reason)) return { ok: false, errors };
  return { ok: true, value: trimmed ? { reason, note: trimmed } : { reason } };
}

const kgFormat = new Intl.NumberFormat('ar-SA-u-nu-latn', { maximumFractionDigits: 2, useGrouping: false });

/** Kilograms with Western digits and up to two decimals, for example 42.5. */
export function formatKg(kg: number): string {
  return kgFormat.format(kg);
}

/** The call and WhatsApp links for a host's 05XXXXXXXX number; null when it is not a Saudi mobile. */
export function hostPhoneLinks(phone: string): { tel: string; whatsapp: string; display: string } | null {
  const digits = phone.replace(/\D/g, '');
  const local = /^(?:966|0)?(5\d{8})$/.exec(digits)?.[1];
  if (!local) return null;
  return { tel: `tel:+966${local}`, whatsapp: `https://wa.me/966${local}`, display: `0${local}` };
}

/** What a finished pickup says in one line: the kilograms collected, the reason it was not, or its status. */
export function doneSummary(pickup: Pick<VolunteerPickup, 'status' | 'statusLabel' | 'weighedKg' | 'notCollectedReason'>): string {
  if (pickup.status === 'completed' && pickup.weighedKg !== null) return texts.doneCollected(formatKg(pickup.weighedKg));
  if (pickup.status === 'cancelled' && pickup.notCollectedReason)
    return texts.doneNotCollected(NOT_COLLECTED_REASON_LABELS[pickup.notCollectedReason]);
  return texts.doneStatus(pickup.statusLabel);
}
