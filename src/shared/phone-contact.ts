import { toWesternDigits } from './digits';
import { normalizeInternationalPhone, SEPARATORS } from './phone';

/**
 * The charity's own contact numbers (content `contact_phone`, the auto-reply's phone1/phone2): unlike a
 * host's number, which must reach WhatsApp, these may be any number a person can call — a Saudi mobile,
 * a landline (0XX XXX XXXX; Yanbu is 014), a toll-free 800 number, a unified 920 number, or a number
 * abroad written with its country code. One rule for the server (what is stored), the admin (checks as
 * you type) and the public site (display and `tel:` links).
 */
export type ContactPhoneKind = 'mobile' | 'landline' | 'tollFree' | 'unified' | 'international';

export interface ContactPhone {
  kind: ContactPhoneKind;
  /** The stored form: 05XXXXXXXX, 01XXXXXXXX, 800XXXXXXX, 920XXXXXX, or +<country><number>. */
  value: string;
  /** Grouped for reading, left to right: '+966 55 123 4567', '014 322 1234', '800 124 4444', '9200 12345'. */
  display: string;
  /** The `tel:` link: international form where the number can be dialled from abroad, else as dialled at home. */
  href: string;
  /** The digits of a wa.me link; only a mobile number can have WhatsApp. */
  whatsapp: string | null;
}

/** The field message when a contact number is refused (it names what is accepted, with examples). */
export const CONTACT_PHONE_MESSAGE =
  'رقم الهاتف غير صحيح. اكتب جوالاً مثل 0551234567، أو هاتفاً ثابتاً مثل 0143221234، أو رقماً موحداً مثل 920012345، أو رقماً مجانياً مثل 8001234567';

// Landline area codes: 011 Riyadh, 012 Makkah, 013 Eastern Province, 014 Madinah/Yanbu/Tabuk,
// 016 Qassim/Hail, 017 the south. A landline is 0 + area code + 7 digits.
const NATIONAL_PATTERNS: ReadonlyArray<[Exclude<ContactPhoneKind, 'international'>, RegExp]> = [
  ['mobile', /^05\d{8}$/],
  ['landline', /^01[1-46-7]\d{7}$/],
  ['tollFree', /^800\d{7}$/],
  ['unified', /^920\d{6}$/],
];

/** The national form of a Saudi number: written at home, or with 966 / +966 / 00966 (and an optional 0 after it). */
function saudiNational(digits: string, international: boolean): string | null {
  let rest = digits;
  if (international || (rest.startsWith('966') && rest.length >= 12)) {
    if (!rest.startsWith('966')) return null;
    rest = rest.slice(3).replace(/^0/, '');
  }
  // Service numbers are dialled without a trunk 0; a number written without its 0 (5XXXXXXXX) gets one.
  if (/^(800|920)/.test(rest)) return rest;
  return rest.startsWith('0') ? rest : `0${rest}`;
}

/** Reads a typed contact number (Arabic or Western digits, spaces, dashes, brackets); null when it is not one of the accepted kinds. */
export function parseContactPhone(input: string | null | undefined): ContactPhone | null {
  if (typeof input !== 'string') return null;
  const compact = toWesternDigits(input).replace(SEPARATORS, '');
  const plus = compact.startsWith('+');
  const international = plus || compact.startsWith('00');
  const digits = plus ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : compact;
  if (!/^\d{6,15}$/.test(digits)) return null;
  if (!international || digits.startsWith('966')) {
    const national = saudiNational(digits, international);
    if (national === null) return null;
    const kind = NATIONAL_PATTERNS.find(([, pattern]) => pattern.test(national))?.[0];
    return kind ? saudiContact(kind, national) : null;
  }
  const e164 = normalizeInternationalPhone(input);
  if (!e164) return null;
  return { kind: 'international', value: e164, display: e164, href: `tel:${e164}`, whatsapp: e164.slice(1) };
}

function saudiContact(kind: Exclude<ContactPhoneKind, 'international'>, national: string): ContactPhone {
  switch (kind) {
    case 'mobile': {
      const e164 = `+966${national.slice(1)}`;
      return {
        kind,
        value: national,
        display: `+966 ${national.slice(1, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
        href: `tel:${e164}`,
        whatsapp: e164.slice(1),
      };
    }
    case 'landline':
      return {
        kind,
        value: national,
        display: `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
        href: `tel:+966${national.slice(1)}`,
        whatsapp: null,
      };
    case 'tollFree':
      return {
        kind,
        value: national,
        display: `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
        href: `tel:${national}`,
        whatsapp: null,
      };
    case 'unified':
      return { kind, value: national, display: `${national.slice(0, 4)} ${national.slice(4)}`, href: `tel:${national}`, whatsapp: null };
  }
}

/** The stored form of an accepted contact number, else null. */
export function normalizeContactPhone(input: string | null | undefined): string | null {
  return parseContactPhone(input)?.value ?? null;
}
