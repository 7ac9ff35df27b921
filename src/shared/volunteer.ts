import { saudiPhoneToE164 } from './phone';

// A volunteer's fields and their rule (decisions.md, wave 4, "Volunteers"): the server checks every
// save with it and the admin's form shows the same messages before sending.

export const VOLUNTEER_LIMITS = { name: 100, vehicle: 100, notes: 1000, areas: 50 } as const;

export const VOLUNTEER_MESSAGES = {
  nameRequired: 'اكتب اسم المتطوع',
  nameTooLong: `اسم المتطوع يجب ألا يتجاوز ${VOLUNTEER_LIMITS.name} حرف`,
  whatsapp: 'رقم واتساب المتطوع غير صحيح: اكتبه بصيغة 05XXXXXXXX',
  whatsappTaken: 'يوجد متطوع مسجّل بهذا الرقم',
  areas: 'اختر مناطق المتطوع من القائمة',
  vehicleTooLong: `وصف المركبة يجب ألا يتجاوز ${VOLUNTEER_LIMITS.vehicle} حرف`,
  notesTooLong: `الملاحظات يجب ألا تتجاوز ${VOLUNTEER_LIMITS.notes} حرف`,
  active: 'حالة التفعيل يجب أن تكون نعم أو لا',
  consent: 'لا يُسجَّل الرقم إلا بعد موافقة المتطوع على رسائل واتساب',
} as const;

/**
 * The opt-in sentence the «إضافة متطوع» form shows and the administrator confirms on the volunteer's
 * behalf; it is what whatsapp_opt_ins records as the consent text.
 */
export const VOLUNTEER_CONSENT_TEXT =
  'وافق المتطوع على أن تراسله الجمعية على واتساب بشأن الاستلامات المسندة إليه والمعروضة عليه، ويمكنه إيقافها في أي وقت بإرسال «إيقاف».';

export interface VolunteerFields {
  name: string;
  /** E.164, +9665XXXXXXXX. */
  whatsapp: string;
  /** simple_areas values; empty: every area. */
  areas: string[];
  vehicle: string | null;
  notes: string | null;
  active: boolean;
}

type Checked<T> = { ok: true; value: T } | { ok: false; errors: Partial<Record<keyof VolunteerFields, string>> };

/** Trimmed, control characters and lone surrogates dropped; on one line unless `lines` (notes keep theirs). */
function text(raw: unknown, lines = false): string {
  if (typeof raw !== 'string') return '';
  const cleaned = raw
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '');
  return (lines ? cleaned : cleaned.replace(/\s+/g, ' ')).trim();
}

/**
 * Checks a volunteer as the form or the API sends it. `partial` (an edit): fields left out keep their
 * stored value and are not required. `knownAreas`: the simple_areas values an area must be one of.
 */
export function checkVolunteer(
  input: Record<string, unknown>,
  knownAreas: readonly string[],
  partial = false,
): Checked<Partial<VolunteerFields>> {
  const errors: Partial<Record<keyof VolunteerFields, string>> = {};
  const value: Partial<VolunteerFields> = {};
  const given = (field: keyof VolunteerFields) => !partial || input[field] !== undefined;

  if (given('name')) {
    const name = text(input.name);
    if (!name) errors.name = VOLUNTEER_MESSAGES.nameRequired;
    else if ([...name].length > VOLUNTEER_LIMITS.name) errors.name = VOLUNTEER_MESSAGES.nameTooLong;
    else value.name = name;
  }
  if (given('whatsapp')) {
    const whatsapp = typeof input.whatsapp === 'string' ? saudiPhoneToE164(input.whatsapp.trim()) : null;
    if (!whatsapp) errors.whatsapp = VOLUNTEER_MESSAGES.whatsapp;
    else value.whatsapp = whatsapp;
  }
  if (input.areas !== undefined && input.areas !== null) {
    const areas = input.areas;
    if (
      !Array.isArray(areas) ||
      areas.length > VOLUNTEER_LIMITS.areas ||
      !areas.every((area) => typeof area === 'string' && knownAreas.includes(area))
    )
      errors.areas = VOLUNTEER_MESSAGES.areas;
    else value.areas = [...new Set(areas as string[])];
  } else if (!partial || input.areas === null) value.areas = [];
  for (const [field, max, message] of [
    ['vehicle', VOLUNTEER_LIMITS.vehicle, VOLUNTEER_MESSAGES.vehicleTooLong],
    ['notes', VOLUNTEER_LIMITS.notes, VOLUNTEER_MESSAGES.notesTooLong],
  ] as const) {
    if (!given(field)) continue;
    const raw = input[field];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') errors[field] = message;
    else {
      const cleaned = text(raw, field === 'notes');
      if ([...cleaned].length > max) errors[field] = message;
      else value[field] = cleaned || null;
    }
  }
  if (input.active !== undefined) {
    if (typeof input.active !== 'boolean') errors.active = VOLUNTEER_MESSAGES.active;
    else value.active = input.active;
  } else if (!partial) value.active = true;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value };
}

/** A person's first name, as the host is told it (never the phone). */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** Why a pickup was not collected (the volunteer's page offers these, in this order). */
export const NOT_COLLECTED_REASONS = ['no_surplus', 'event_not_held', 'host_unreachable', 'arrived_late'] as const;
export type NotCollectedReason = (typeof NOT_COLLECTED_REASONS)[number];
export const NOT_COLLECTED_REASON_LABELS: Readonly<Record<NotCollectedReason, string>> = {
  no_surplus: 'لا يوجد طعام فائض',
  event_not_held: 'لم تُقم المناسبة',
  host_unreachable: 'تعذّر التواصل مع صاحب المناسبة',
  arrived_late: 'وصلت بعد انتهاء الموعد',
};

/** True when the value is one of the reasons a pickup was not collected. */
export function isNotCollectedReason(value: unknown): value is NotCollectedReason {
  return typeof value === 'string' && (NOT_COLLECTED_REASONS as readonly string[]).includes(value);
}

/** The three food-safety checks a volunteer confirms when collecting, in the page's order. */
export const COLLECTION_CHECKS = ['packed', 'temperature', 'beforeDeadline'] as const;
export type CollectionCheck = (typeof COLLECTION_CHECKS)[number];
export type CollectionChecks = Record<CollectionCheck, boolean>;
export const COLLECTION_CHECK_LABELS: Readonly<Record<CollectionCheck, string>> = {
  packed: 'الطعام مغطى ومعبأ',
  temperature: 'حُفظ ساخناً أو بارداً',
  beforeDeadline: 'استُلم قبل آخر موعد للاستلام',
};

export const VOLUNTEER_PAGE_MESSAGES = {
  checks: 'أكّد فحوص سلامة الغذاء الثلاثة (نعم أو لا لكل منها)',
  reason: 'اختر سبب عدم الاستلام من القائمة',
  noteTooLong: 'الملاحظة يجب ألا تتجاوز 500 حرف',
} as const;
