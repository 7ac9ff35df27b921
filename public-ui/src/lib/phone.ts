import { toWesternDigits } from '@shared/digits';
import { parseContactPhone } from '@shared/phone-contact';

/** A phone ready for display (left to right), a tel: link and, for a mobile, a wa.me link. */
export interface DisplayPhone {
  /** What to show, for example "+966 55 123 4567" or "014 322 1234". */
  display: string;
  /** The tel: href, for example "tel:+966551234567" or "tel:920012345". */
  href: string;
  /** The digits for a wa.me link (no plus), for example "966551234567"; null for a landline, 800 or 920 number. */
  whatsapp: string | null;
}

/**
 * Formats the charity's stored phone with the shared contact-phone rule (mobile, landline, 800, 920);
 * anything else (a value saved before the rule existed) is shown as the administrators wrote it.
 */
export function formatPhone(raw: string | undefined | null): DisplayPhone | undefined {
  if (!raw || !raw.trim()) return undefined;
  const phone = parseContactPhone(raw);
  if (phone) return { display: phone.display, href: phone.href, whatsapp: phone.whatsapp };
  const trimmed = toWesternDigits(raw).trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return undefined;
  const dial = trimmed.startsWith('+') ? `+${digits}` : digits;
  return { display: trimmed, href: `tel:${dial}`, whatsapp: null };
}
