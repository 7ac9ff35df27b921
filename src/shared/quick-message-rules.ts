// Quick-message rules (spec §5, decisions.md): pure, shared by the server (the authority) and the form.
import { LENGTH_LIMITS, QUICK_MESSAGE_BANNED_WORDS, QUICK_MESSAGE_MAX_LENGTH, QUICK_MESSAGE_MIN_LENGTH } from './constants';
import { foldArabic } from './arabic-fold';
import { toWesternDigits } from './digits';
import { CONTROL_CHARACTERS } from './request-rules';
import {
  DEFAULT_INQUIRY_SUBJECT,
  DEFAULT_INQUIRY_TYPE,
  INQUIRY_KEYWORD_RULES,
  InquirySubject,
  InquiryType,
  isInquirySubject,
  isInquiryType,
} from './labels';

export const QUICK_MESSAGE_MESSAGES = {
  fillAll: 'يرجى تعبئة جميع الحقول',
  nameRequired: 'يرجى إدخال الاسم',
  nameTooLong: `الاسم أطول من المسموح (${LENGTH_LIMITS.name} حرفاً كحد أقصى)`,
  phoneInvalid: 'يرجى إدخال رقم هاتف سعودي صحيح (05xxxxxxxx)',
  messageRequired: 'يرجى كتابة نص الرسالة',
  invalidValue: 'قيمة الحقل غير صحيحة',
  tooShort: (n: number): string => `الرسالة قصيرة جداً (${n} أحرف) - يرجى كتابة ${QUICK_MESSAGE_MIN_LENGTH} أحرف على الأقل`,
  tooLong: (n: number): string => `الرسالة طويلة جداً (${n} حرف) - الحد الأقصى ${QUICK_MESSAGE_MAX_LENGTH} حرف`,
  bannedWord: (word: string): string => `الكلمة "${word}" غير مسموحة في الاستفسار - يرجى إزالتها وإعادة الإرسال`,
  received: 'تم استلام رسالتك، وسيصلك الرد عبر واتساب قريباً',
} as const;

/**
 * Quick-message phones: 05 + 8 digits, or +9665 / 9665 + 8 digits, spaces ignored (Arabic-Indic digits
 * converted first). Returns the canonical 05XXXXXXXX, else null.
 */
export function normalizeQuickMessagePhone(input: string): string | null {
  const compact = toWesternDigits(input).replace(/\s/g, '');
  const m = /^(?:05|\+9665|9665)(\d{8})$/.exec(compact);
  return m ? `05${m[1]}` : null;
}

// Prefixes Arabic attaches to a word: the article and the one-letter conjunctions and prepositions.
const ARABIC_PREFIXES = ['', 'ال', 'و', 'وال', 'ب', 'بال', 'ف', 'فال', 'ك', 'كال', 'ل', 'لل'];

/** The first banned word the message uses (as a word, with or without the article), else null. */
export function findBannedWord(message: string): string | null {
  const tokens = foldArabic(message)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t);
  for (const word of QUICK_MESSAGE_BANNED_WORDS) {
    const folded = foldArabic(word);
    const latin = /^[a-z]+$/.test(folded);
    const hit = tokens.some((t) => (latin ? t.startsWith(folded) : ARABIC_PREFIXES.some((p) => t === p + folded)));
    if (hit) return word;
  }
  return null;
}

export interface InquiryClassification {
  inquiryType: InquiryType;
  inquirySubject: InquirySubject;
}

// Keyword stems that also begin unrelated words: «جمع» (collect) begins «جمعية» (the association itself).
const KEYWORD_EXCLUSIONS: Readonly<Record<string, readonly string[]>> = { جمع: ['جمعي'] };

function withoutPrefix(token: string): string[] {
  return ARABIC_PREFIXES.filter((p) => p && token.startsWith(p) && token.length > p.length + 1).map((p) => token.slice(p.length));
}

/** True when a word of the message is the keyword or starts with it (after the article or a one-letter prefix). */
function mentions(tokens: readonly string[], keyword: string): boolean {
  const k = foldArabic(keyword);
  if (/^[a-z]+$/.test(k)) return tokens.some((t) => t.includes(k));
  const excluded = (KEYWORD_EXCLUSIONS[keyword] ?? []).map(foldArabic);
  return tokens.some((t) => [t, ...withoutPrefix(t)].some((w) => w.startsWith(k) && !excluded.some((e) => w.startsWith(e))));
}

/** Type and subject from the message's keywords (decisions.md), checked in order; otherwise a general inquiry. */
export function classifyInquiry(message: string): InquiryClassification {
  const tokens = foldArabic(message)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t);
  const rule = INQUIRY_KEYWORD_RULES.find((r) => r.keywords.some((k) => mentions(tokens, k)));
  return rule
    ? { inquiryType: rule.inquiryType, inquirySubject: rule.inquirySubject }
    : { inquiryType: DEFAULT_INQUIRY_TYPE, inquirySubject: DEFAULT_INQUIRY_SUBJECT };
}

/** The client's type and subject when they are known values; each missing or unknown one from the keywords. */
export function resolveInquiry(inquiryType: unknown, inquirySubject: unknown, message: string): InquiryClassification {
  const guess = classifyInquiry(message);
  return {
    inquiryType: isInquiryType(inquiryType) ? inquiryType : guess.inquiryType,
    inquirySubject: isInquirySubject(inquirySubject) ? inquirySubject : guess.inquirySubject,
  };
}

export interface ValidQuickMessage extends InquiryClassification {
  senderName: string;
  senderPhone: string;
  originalMessage: string;
}

export type QuickMessageValidation = { ok: true; value: ValidQuickMessage } | { ok: false; errors: Record<string, string> };

/** Checks a quick message as the server does: name, Saudi phone, message 5 to 500 after trimming, banned words. */
export function validateQuickMessage(input: unknown): QuickMessageValidation {
  const body = typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const errors: Record<string, string> = {};
  const str = (field: string): string | null => {
    const v = body[field];
    if (v === undefined || v === null) return '';
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    return typeof v === 'string' && !CONTROL_CHARACTERS.test(v) ? v.trim() : null;
  };

  const senderName = str('senderName');
  if (senderName === null) errors.senderName = QUICK_MESSAGE_MESSAGES.invalidValue;
  else if (!senderName) errors.senderName = QUICK_MESSAGE_MESSAGES.nameRequired;
  else if (senderName.length > LENGTH_LIMITS.name) errors.senderName = QUICK_MESSAGE_MESSAGES.nameTooLong;

  const phoneRaw = str('senderPhone');
  const senderPhone = phoneRaw ? normalizeQuickMessagePhone(phoneRaw.slice(0, 40)) : null;
  if (senderPhone === null) errors.senderPhone = QUICK_MESSAGE_MESSAGES.phoneInvalid;

  const message = str('originalMessage');
  if (message === null) errors.originalMessage = QUICK_MESSAGE_MESSAGES.invalidValue;
  else if (!message) errors.originalMessage = QUICK_MESSAGE_MESSAGES.messageRequired;
  else if (message.length < QUICK_MESSAGE_MIN_LENGTH) errors.originalMessage = QUICK_MESSAGE_MESSAGES.tooShort(message.length);
  else if (message.length > QUICK_MESSAGE_MAX_LENGTH) errors.originalMessage = QUICK_MESSAGE_MESSAGES.tooLong(message.length);
  else {
    const banned = findBannedWord(message);
    if (banned) errors.originalMessage = QUICK_MESSAGE_MESSAGES.bannedWord(banned);
  }

  for (const field of ['inquiryType', 'inquirySubject']) {
    const v = body[field];
    if (v !== undefined && v !== null && typeof v !== 'string') errors[field] = QUICK_MESSAGE_MESSAGES.invalidValue;
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  const text = message as string;
  return {
    ok: true,
    value: {
      senderName: senderName as string,
      senderPhone: senderPhone as string,
      originalMessage: text,
      ...resolveInquiry(body.inquiryType, body.inquirySubject, text),
    },
  };
}
