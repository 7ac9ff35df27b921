import { normalizeSaudiPhone } from './phone';

/** Longest assignee name (the column's length). */
export const ASSIGNEE_NAME_MAX = 100;

export const ASSIGNEE_MESSAGES = {
  nameRequired: 'اكتب اسم المسؤول عن الاستلام',
  nameTooLong: `اسم المسؤول عن الاستلام يجب ألا يتجاوز ${ASSIGNEE_NAME_MAX} حرف`,
  phone: 'رقم جوال المسؤول غير صحيح: اكتبه بصيغة 05XXXXXXXX',
} as const;

export interface Assignee {
  name: string;
  /** Canonical 05XXXXXXXX, or null when none was given. */
  phone: string | null;
}

/**
 * The volunteer or driver who collects a request: a name (required) and a Saudi mobile (optional, any
 * accepted form, Arabic-Indic digits too), stored canonical so it can be called and messaged.
 */
export function validateAssignee(input: {
  name?: unknown;
  phone?: unknown;
}): { ok: true; value: Assignee } | { ok: false; errors: Partial<Record<keyof Assignee, string>> } {
  const errors: Partial<Record<keyof Assignee, string>> = {};
  const name = typeof input.name === 'string' ? input.name.trim().replace(/\s+/g, ' ') : '';
  if (!name) errors.name = ASSIGNEE_MESSAGES.nameRequired;
  else if (name.length > ASSIGNEE_NAME_MAX) errors.name = ASSIGNEE_MESSAGES.nameTooLong;
  const typed = typeof input.phone === 'string' ? input.phone.trim() : '';
  const phone = typed ? normalizeSaudiPhone(typed) : null;
  if (typed && !phone) errors.phone = ASSIGNEE_MESSAGES.phone;
  if (input.phone !== undefined && input.phone !== null && typeof input.phone !== 'string') errors.phone = ASSIGNEE_MESSAGES.phone;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: { name, phone } };
}
