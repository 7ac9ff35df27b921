/**
 * Thank-you certificates (decisions.md "Thank-you certificate"): the figures a certificate states, the
 * lines the PDF and the public verification page both show (one text, so the two never disagree), the
 * code's shape and the checks of an administrator's place certificate.
 */
import { formatDateWithHijri } from './arabic-date';
import { KG_PER_MEAL } from './constants';
import { formatFigure } from './number-format';
import { isValidDateString } from './time';

export const CERTIFICATE_KINDS = ['request', 'place'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

/** The food-calculation settings an estimate used (snapshot). */
export interface EstimateRule {
  method: 'formula' | 'manual';
  /** kg per attendee (formula). */
  multiplier: number;
  /** kg per completed collection (manual). */
  manualAmount: number;
}

interface CommonFigures {
  charityName: string;
  /** Total kilograms saved. */
  foodKg: number;
  /** floor(foodKg / kgPerMeal): always an estimate. */
  meals: number;
  kgPerMeal: number;
}

export interface RequestCertificateFigures extends CommonFigures {
  kind: 'request';
  requestId: number;
  hostName: string;
  eventTypeLabel: string;
  /** YYYY-MM-DD (Riyadh). */
  eventDate: string;
  attendeeCount: number;
  /** The important place's label, or the venue the host typed; null for an address. */
  placeLabel: string | null;
  /** Weighed at collection, or the estimate of the rule. */
  basis: 'weighed' | 'estimated';
  /** The rule of the estimate (null when weighed). */
  rule: EstimateRule | null;
}

export interface PlaceCertificateFigures extends CommonFigures {
  kind: 'place';
  place: string;
  placeLabel: string;
  /** YYYY-MM-DD, inclusive (event dates). */
  from: string;
  to: string;
  collections: number;
  weighedKg: number;
  weighedCount: number;
  estimatedKg: number;
  estimatedCount: number;
  /** The rule of the estimates (null when every collection was weighed). */
  rule: EstimateRule | null;
}

export type CertificateFigures = RequestCertificateFigures | PlaceCertificateFigures;

/** 128 random bits in base64url: 22 characters. */
export const CERTIFICATE_CODE_BYTES = 16;
export const CERTIFICATE_CODE_SHAPE = /^[A-Za-z0-9_-]{22}$/;
/** The one answer to an unknown code, whatever it looks like (no hint of which codes exist). */
export const CERTIFICATE_NOT_FOUND = 'الشهادة غير موجودة، تأكد من الرابط أو رمز التحقق';

export const CERTIFICATE_TITLE = 'شهادة شكر وتقدير';

export { formatFigure };

/** The public verification page's path for a code. */
export const verifyPath = (code: string): string => `/v/${code}`;

export interface CertificateLine {
  label: string;
  value: string;
}

/** How the kilograms were found, with the estimate's constants. */
export function foodBasisText(figures: CertificateFigures): string {
  const rule = figures.rule;
  const estimate = (count: number | null): string => {
    if (!rule) return '';
    if (rule.method === 'manual') return `تقدير ثابت حسب إعدادات الجمعية: ${formatFigure(rule.manualAmount)} كجم لكل عملية استلام`;
    return count === null
      ? `تقدير حسب إعدادات الجمعية: عدد الحضور × ${formatFigure(rule.multiplier)} كجم للشخص`
      : `تقدير حسب إعدادات الجمعية: ${formatFigure(count)} شخص × ${formatFigure(rule.multiplier)} كجم للشخص`;
  };
  if (figures.kind === 'request')
    return figures.basis === 'weighed' ? 'وزن فعلي سجّلته الجمعية عند الاستلام' : estimate(figures.attendeeCount);
  const parts: string[] = [];
  if (figures.weighedCount)
    parts.push(`${formatFigure(figures.weighedKg)} كجم موزونة عند الاستلام (${formatFigure(figures.weighedCount)} عملية)`);
  if (figures.estimatedCount)
    parts.push(`${formatFigure(figures.estimatedKg)} كجم تقديرية (${formatFigure(figures.estimatedCount)} عملية؛ ${estimate(null)})`);
  return parts.join('، و');
}

/** The food line's value: the kilograms, and whether they were weighed or estimated. */
function foodValue(figures: CertificateFigures): string {
  const kg = `${formatFigure(figures.foodKg)} كجم`;
  if (figures.kind === 'request') return `${kg} (${figures.basis === 'weighed' ? 'موزون' : 'تقديري'})`;
  if (!figures.estimatedCount) return `${kg} (موزون)`;
  if (!figures.weighedCount) return `${kg} (تقديري)`;
  return `${kg} (موزون وتقديري)`;
}

/** The certificate's figures as labelled lines, top to bottom: the PDF draws them, the page lists them. */
export function certificateLines(figures: CertificateFigures): CertificateLine[] {
  const meals: CertificateLine = {
    label: 'الوجبات (تقديري)',
    value: `${formatFigure(figures.meals)} وجبة (الكيلوجرامات ÷ ${formatFigure(figures.kgPerMeal)})`,
  };
  if (figures.kind === 'request') {
    return [
      { label: 'صاحب المناسبة', value: figures.hostName },
      { label: 'المناسبة', value: figures.placeLabel ? `${figures.eventTypeLabel} في ${figures.placeLabel}` : figures.eventTypeLabel },
      { label: 'تاريخ المناسبة', value: formatDateWithHijri(figures.eventDate) },
      { label: 'عدد الحضور', value: formatFigure(figures.attendeeCount) },
      { label: 'الطعام المحفوظ', value: foodValue(figures) },
      { label: 'طريقة الحساب', value: foodBasisText(figures) },
      meals,
      { label: 'رقم الطلب', value: `#${figures.requestId}` },
    ];
  }
  return [
    { label: 'المكان', value: figures.placeLabel },
    { label: 'الفترة', value: `من ${formatDateWithHijri(figures.from)} إلى ${formatDateWithHijri(figures.to)}` },
    { label: 'عمليات الاستلام المكتملة', value: formatFigure(figures.collections) },
    { label: 'الطعام المحفوظ', value: foodValue(figures) },
    { label: 'طريقة الحساب', value: foodBasisText(figures) },
    meals,
  ];
}

/** The sentence of thanks under the title (the respectful plural: a host may be a person, a family or a hotel). */
export function certificateDedication(figures: CertificateFigures): string {
  const to = figures.kind === 'request' ? figures.hostName : figures.placeLabel;
  const what = figures.kind === 'request' ? 'بتسليم فائض طعام مناسبتكم' : 'بتسليم فائض الطعام خلال الفترة المذكورة';
  return `تتقدم ${figures.charityName} بخالص الشكر والتقدير إلى ${to} لمساهمتكم في حفظ النعمة ${what}، ليصل إلى الأسر المستحقة.`;
}

/** Meals from kilograms, as every figure of the site counts them (rounded down). */
export function mealsOf(kg: number): number {
  return Math.floor(Math.max(0, kg) / KG_PER_MEAL + 1e-9);
}

export const PLACE_CERTIFICATE_MESSAGES = {
  place: 'يرجى اختيار المكان',
  from: 'يرجى إدخال تاريخ بداية صحيح',
  to: 'يرجى إدخال تاريخ نهاية صحيح لا يسبق تاريخ البداية',
  span: 'الفترة لا تتجاوز سنتين',
} as const;

export interface PlaceCertificateInput {
  place: string;
  from: string;
  to: string;
}

const MAX_PERIOD_DAYS = 731;

/** An administrator's place certificate: a place and a period of at most two years. */
export function checkPlaceCertificate(
  input: Record<string, unknown>,
): { value: PlaceCertificateInput } | { errors: Partial<Record<keyof PlaceCertificateInput, string>> } {
  const errors: Partial<Record<keyof PlaceCertificateInput, string>> = {};
  const place = typeof input.place === 'string' ? input.place.trim() : '';
  if (!place || place.length > 200) errors.place = PLACE_CERTIFICATE_MESSAGES.place;
  const from = typeof input.from === 'string' ? input.from.slice(0, 10) : '';
  const to = typeof input.to === 'string' ? input.to.slice(0, 10) : '';
  if (!isValidDateString(from)) errors.from = PLACE_CERTIFICATE_MESSAGES.from;
  if (!isValidDateString(to) || (isValidDateString(from) && to < from)) errors.to = PLACE_CERTIFICATE_MESSAGES.to;
  else if (isValidDateString(from) && (Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_PERIOD_DAYS)
    errors.to = PLACE_CERTIFICATE_MESSAGES.span;
  if (Object.keys(errors).length) return { errors };
  return { value: { place, from, to } };
}
