import { toWesternDigits } from './digits';
import { normalizeSaudiPhone } from './phone';

/**
 * How the requests desk reads its search box: "#1024" or "1024" is a request number, a Saudi phone in
 * any accepted form (05…, 9665…, +966 5…, Arabic-Indic digits) is the organizer's phone, anything else
 * is part of the organizer's name. A number that is both a phone and a request number is searched as both.
 */
export function parseRequestSearch(raw: string): { id?: number; phone?: string; text?: string } | null {
  const q = raw.trim();
  if (!q) return null;
  const western = toWesternDigits(q);
  const out: { id?: number; phone?: string; text?: string } = {};
  const number = /^#?\s*(\d{1,9})$/.exec(western);
  if (number && Number(number[1]) <= 2_147_483_647) out.id = Number(number[1]);
  const phone = normalizeSaudiPhone(western);
  if (phone) out.phone = phone;
  if (out.id === undefined && !out.phone) out.text = q;
  return out;
}
