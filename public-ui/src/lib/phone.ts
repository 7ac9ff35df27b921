import { toWesternDigits } from '@shared/digits';
import { formatSaudiPhoneDisplay, normalizeSaudiPhone, saudiPhoneToE164 } from '@shared/phone';

/** A phone ready for display (left to right), a tel: link and a wa.me link. */
export interface DisplayPhone {
  /** What to show, for example "+966 55 123 4567". */
  display: string;
  /** The tel: href, for example "tel:+966551234567". */
  href: string;
  /** The digits for a wa.me link (no plus), for example "966551234567". */
  whatsapp: string;
}

/**
 * Formats a stored phone for display with the shared Saudi rules (+966 5X XXX XXXX); a number that
 * is not a Saudi mobile (a landline, say) is shown as the administrators wrote it.
 */
export function formatPhone(raw: string | undefined | null): DisplayPhone | undefined {
  if (!raw || !raw.trim()) return undefined;
  const e164 = normalizeSaudiPhone(raw) ? saudiPhoneToE164(raw) : null;
  if (e164) {
    return { display: formatSaudiPhoneDisplay(raw), href: `tel:${e164}`, whatsapp: e164.slice(1) };
  }
  const trimmed = toWesternDigits(raw).trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return undefined;
  const dial = trimmed.startsWith('+') ? `+${digits}` : digits;
  return { display: trimmed, href: `tel:${dial}`, whatsapp: digits };
}
