// The request schema of spec §5 with decisions.md's rules: pure, shared by the server (the authority)
// and the public form. Every message is the exact Arabic text the spec gives where it gives one.
import {
  EVENT_DATE_MAX_MONTHS_AHEAD,
  GPS_DEFAULT_ADDRESS,
  GPS_LOCATION_PHRASE,
  HOME_CITY,
  LENGTH_LIMITS,
  MAX_ATTENDEES,
  MIN_ATTENDEES,
  SAME_DAY_MIN_LEAD_MINUTES,
} from './constants';
import { parseIntegerInput, toWesternDigits } from './digits';
import { isValidEmail } from './email';
import { isLocationType, LocationType } from './labels';
import { normalizeSaudiPhone } from './phone';
import { addMonthsToDateString, isValidDateString, isValidTime24, riyadhDateString, riyadhInstant } from './time';

export const PHONE_EXAMPLE = '0501234567';
export const EMAIL_EXAMPLE = 'name@example.com';

/** Arabic messages of the request schema (spec §5 and decisions.md). */
export const REQUEST_MESSAGES = {
  eventTypeRequired: 'يرجى اختيار نوع الفعالية',
  eventTypeUnknown: 'نوع الفعالية غير متاح، يرجى اختياره من القائمة',
  attendeeMin: 'العدد الأدنى للحضور هو 10 أشخاص',
  attendeeNotNumber: 'يرجى إدخال عدد الحضور بالأرقام',
  attendeeMax: `عدد الحضور أكبر من المسموح (${MAX_ATTENDEES} كحد أقصى)`,
  eventDateRequired: 'يرجى تحديد تاريخ الفعالية',
  eventDateInvalid: 'تاريخ الفعالية غير صحيح',
  eventDatePast: 'لا يمكن اختيار تاريخ في الماضي',
  eventDateTooFar: `لا يمكن اختيار تاريخ بعد أكثر من ${EVENT_DATE_MAX_MONTHS_AHEAD} أشهر من اليوم`,
  endTimeRequired: 'يرجى تحديد وقت انتهاء الفعالية',
  endTimeFormat: 'تنسيق الوقت غير صحيح',
  sameDayEndTime: 'إذا كانت الفعالية اليوم، يجب أن يكون وقت الانتهاء على الأقل ساعة من الآن',
  locationTypeRequired: 'يرجى اختيار نوع الموقع',
  locationTypeInvalid: 'نوع الموقع غير صحيح',
  locationDetails: 'يرجى إكمال بيانات الموقع',
  areaUnknown: 'المنطقة غير متاحة، يرجى اختيارها من القائمة',
  districtUnknown: 'الحي غير متاح في المنطقة المختارة، يرجى اختياره من القائمة',
  coordinatesInvalid: 'إحداثيات الموقع غير صحيحة',
  phoneInvalid: `يرجى إدخال رقم هاتف سعودي صحيح (مثال: ${PHONE_EXAMPLE})`,
  organizerNameRequired: 'يرجى إدخال اسم منظم الفعالية',
  organizerPhoneRequired: 'يرجى إدخال رقم هاتف منظم الفعالية',
  emailInvalid: `يرجى إدخال بريد إلكتروني صحيح (مثال: ${EMAIL_EXAMPLE})`,
  foodTypesInvalid: `أنواع الطعام غير صحيحة (${LENGTH_LIMITS.foodTypesItems} نوعاً كحد أقصى)`,
  optInInvalid: 'قيمة الموافقة على إشعارات واتساب غير صحيحة',
  invalidValue: 'قيمة الحقل غير صحيحة',
  fieldNotAllowed: 'هذا الحقل غير مسموح',
  tooLong: (max: number): string => `النص أطول من المسموح (${max} حرفاً كحد أقصى)`,
} as const;

/** Consent wording recorded when the visitor ticked the WhatsApp box and the client sent no text. */
export const DEFAULT_WHATSAPP_CONSENT_TEXT =
  'أوافق على استلام إشعارات حالة طلبي عبر واتساب من الجمعية، ويمكنني إيقافها في أي وقت بإرسال كلمة «إيقاف».';

/** Active option values the server checks membership against (value → Arabic label or name). */
export interface RequestOptionLookup {
  eventTypes: Readonly<Record<string, string>>;
  areas: Readonly<Record<string, string>>;
  /** areaValue → district value → name. */
  districts: Readonly<Record<string, Readonly<Record<string, string>>>>;
  importantPlaces: Readonly<Record<string, string>>;
}

export interface RequestRuleContext {
  now: Date;
  /** Without it (in the browser) the option-membership checks are skipped. */
  options?: RequestOptionLookup;
}

/** A request that passed every rule, in the form it is stored. */
export interface ValidRequest {
  eventType: string;
  attendeeCount: number;
  eventDate: string;
  endTime: string;
  locationType: LocationType;
  area: string | null;
  district: string | null;
  street: string | null;
  buildingNumber: string | null;
  importantPlace: string | null;
  landmarks: string | null;
  latitude: number | null;
  longitude: number | null;
  locationPhone: string | null;
  fullAddress: string;
  organizerName: string;
  organizerPhone: string;
  organizerEmail: string | null;
  foodTypes: string[];
  additionalNotes: string | null;
  whatsappOptIn: boolean;
  consentText: string | null;
}

export type RequestValidation = { ok: true; value: ValidRequest } | { ok: false; errors: Record<string, string> };

const FOOD_TYPE_MAX_LENGTH = 100;
/** Control characters (other than tab and line breaks) are never part of typed text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const FULL_ADDRESS_MAX_LENGTH = 500;
const IMPORTANT_PLACE_MAX_LENGTH = 200;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when landmarks stand for a GPS location (they contain «الموقع الحالي»). */
export function isGpsLandmarks(landmarks: string | null | undefined): boolean {
  return typeof landmarks === 'string' && landmarks.includes(GPS_LOCATION_PHRASE);
}

/** The earliest and latest selectable event dates in Riyadh: today to six months ahead. */
export function eventDateWindow(now: Date): { min: string; max: string } {
  const today = riyadhDateString(now);
  return { min: today, max: addMonthsToDateString(today, EVENT_DATE_MAX_MONTHS_AHEAD) };
}

/** Same-day rule: on today's Riyadh date the end time must be at least one hour from now. */
export function endTimeTooSoon(eventDate: string, endTime: string, now: Date): boolean {
  if (eventDate !== riyadhDateString(now)) return false;
  return riyadhInstant(eventDate, endTime).getTime() < now.getTime() + SAME_DAY_MIN_LEAD_MINUTES * 60_000;
}

/** Normalises a typed time ('9:30', '٠٩:٣٠') to 'HH:MM'; null when it is not a 24-hour time. */
export function normalizeTime24(input: string): string | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(toWesternDigits(input.trim()));
  if (!m) return null;
  const time = `${m[1].padStart(2, '0')}:${m[2]}`;
  return isValidTime24(time) ? time : null;
}

/**
 * fullAddress as decisions.md builds it: custom «مبنى {building}، حي {district}، {area}، ينبع» (the street
 * in place of the building when that is what was given); important place: its label; GPS: the landmarks
 * text, else «الموقع الحالي (GPS)».
 */
export function buildFullAddress(parts: {
  locationType: LocationType;
  gps: boolean;
  buildingNumber?: string | null;
  street?: string | null;
  districtName?: string | null;
  areaName?: string | null;
  importantPlaceLabel?: string | null;
  landmarks?: string | null;
}): string {
  if (parts.locationType === 'important_place') return parts.importantPlaceLabel?.trim() || '';
  if (parts.gps) return parts.landmarks?.trim() || GPS_DEFAULT_ADDRESS;
  const first = parts.buildingNumber?.trim() ? `مبنى ${parts.buildingNumber.trim()}` : (parts.street?.trim() ?? '');
  return [first, parts.districtName ? `حي ${parts.districtName}` : '', parts.areaName ?? '', HOME_CITY].filter((p) => p).join('، ');
}

/** Every field a submitted request may carry (spec §5); ipAddress and userAgent are accepted and ignored. */
export const REQUEST_PAYLOAD_FIELDS: ReadonlySet<string> = new Set([
  'eventType',
  'attendeeCount',
  'eventDate',
  'endTime',
  'locationType',
  'area',
  'district',
  'street',
  'buildingNumber',
  'importantPlace',
  'landmarks',
  'latitude',
  'longitude',
  'locationPhone',
  'fullAddress',
  'organizerName',
  'organizerPhone',
  'organizerEmail',
  'foodTypes',
  'additionalNotes',
  'whatsappOptIn',
  'consentText',
  'ipAddress',
  'userAgent',
]);

/** Field errors for properties a submitted request may not carry (the server refuses them). */
export function unknownRequestFields(input: unknown): Record<string, string> {
  if (!isPlainObject(input)) return {};
  const errors: Record<string, string> = {};
  for (const key of Object.keys(input)) if (!REQUEST_PAYLOAD_FIELDS.has(key)) errors[key] = REQUEST_MESSAGES.fieldNotAllowed;
  return errors;
}

/** The option values a payload names, for the server to look up in one query before validating. */
export function requestLookupKeys(input: unknown): { eventType: string; area: string; district: string; importantPlace: string } {
  const body = isPlainObject(input) ? input : {};
  // Only text that can pass the rules is looked up (a NUL byte never reaches the database).
  const s = (v: unknown) => (typeof v === 'string' && v.length <= 200 && !CONTROL_CHARACTERS.test(v) ? v.trim() : '');
  return { eventType: s(body.eventType), area: s(body.area), district: s(body.district), importantPlace: s(body.importantPlace) };
}

/** Validates a submitted request payload against every rule; returns the stored form or field errors. */
export function validateRequest(input: unknown, ctx: RequestRuleContext): RequestValidation {
  const body = isPlainObject(input) ? input : {};
  const errors: Record<string, string> = {};
  const fail = (field: string, message: string) => {
    if (!(field in errors)) errors[field] = message;
  };

  /** Text of a field: strings trimmed, numbers as text, absent as ''; any other type is a field error. */
  const text = (field: string, max: number): string => {
    const v = body[field];
    if (v === undefined || v === null) return '';
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (typeof v !== 'string') {
      fail(field, REQUEST_MESSAGES.invalidValue);
      return '';
    }
    const t = v.trim();
    if (CONTROL_CHARACTERS.test(t)) fail(field, REQUEST_MESSAGES.invalidValue);
    else if (t.length > max) fail(field, REQUEST_MESSAGES.tooLong(max));
    return t;
  };

  // Event
  const eventType = text('eventType', 50);
  if (!eventType) fail('eventType', REQUEST_MESSAGES.eventTypeRequired);
  else if (ctx.options && !(eventType in ctx.options.eventTypes)) fail('eventType', REQUEST_MESSAGES.eventTypeUnknown);

  let attendeeCount = 0;
  const rawCount = body.attendeeCount;
  if (rawCount === undefined || rawCount === null || rawCount === '') fail('attendeeCount', REQUEST_MESSAGES.attendeeMin);
  else if (typeof rawCount !== 'number' && typeof rawCount !== 'string') fail('attendeeCount', REQUEST_MESSAGES.attendeeNotNumber);
  else {
    const parsed = parseIntegerInput(rawCount);
    if (parsed === null) fail('attendeeCount', REQUEST_MESSAGES.attendeeNotNumber);
    else if (parsed < MIN_ATTENDEES) fail('attendeeCount', REQUEST_MESSAGES.attendeeMin);
    else if (parsed > MAX_ATTENDEES) fail('attendeeCount', REQUEST_MESSAGES.attendeeMax);
    else attendeeCount = parsed;
  }

  const window = eventDateWindow(ctx.now);
  const eventDate = toWesternDigits(text('eventDate', 10));
  let dateOk = false;
  if (!eventDate) fail('eventDate', REQUEST_MESSAGES.eventDateRequired);
  else if (!isValidDateString(eventDate)) fail('eventDate', REQUEST_MESSAGES.eventDateInvalid);
  else if (eventDate < window.min) fail('eventDate', REQUEST_MESSAGES.eventDatePast);
  else if (eventDate > window.max) fail('eventDate', REQUEST_MESSAGES.eventDateTooFar);
  else dateOk = true;

  const rawTime = text('endTime', 10);
  let endTime = '';
  if (!rawTime) fail('endTime', REQUEST_MESSAGES.endTimeRequired);
  else {
    const t = normalizeTime24(rawTime);
    if (t === null) fail('endTime', REQUEST_MESSAGES.endTimeFormat);
    else {
      endTime = t;
      if (dateOk && endTimeTooSoon(eventDate, endTime, ctx.now)) fail('endTime', REQUEST_MESSAGES.sameDayEndTime);
    }
  }

  // Location
  const locationTypeRaw = text('locationType', 30);
  let locationType: LocationType = 'custom';
  if (!locationTypeRaw) fail('locationType', REQUEST_MESSAGES.locationTypeRequired);
  else if (!isLocationType(locationTypeRaw)) fail('locationType', REQUEST_MESSAGES.locationTypeInvalid);
  else locationType = locationTypeRaw;

  const area = text('area', LENGTH_LIMITS.name);
  const district = text('district', LENGTH_LIMITS.name);
  const street = text('street', LENGTH_LIMITS.street);
  const buildingNumber = toWesternDigits(text('buildingNumber', LENGTH_LIMITS.buildingNumber));
  const importantPlace = text('importantPlace', IMPORTANT_PLACE_MAX_LENGTH);
  const landmarks = text('landmarks', LENGTH_LIMITS.landmarks);
  const clientAddress = text('fullAddress', FULL_ADDRESS_MAX_LENGTH);
  const gps = isGpsLandmarks(landmarks);

  let areaName: string | null = null;
  let districtName: string | null = null;
  let placeLabel: string | null = null;
  if (locationType === 'custom') {
    if (!gps) {
      if (!area) fail('area', REQUEST_MESSAGES.locationDetails);
      if (!district) fail('district', REQUEST_MESSAGES.locationDetails);
      if (!buildingNumber && !street) fail('buildingNumber', REQUEST_MESSAGES.locationDetails);
    }
    if (area && ctx.options) {
      areaName = ctx.options.areas[area] ?? null;
      if (areaName === null) fail('area', REQUEST_MESSAGES.areaUnknown);
    }
    if (district && ctx.options) {
      districtName = ctx.options.districts[area]?.[district] ?? null;
      if (districtName === null) fail('district', REQUEST_MESSAGES.districtUnknown);
    }
  } else if (!importantPlace) fail('importantPlace', REQUEST_MESSAGES.locationDetails);
  else placeLabel = ctx.options?.importantPlaces[importantPlace] ?? importantPlace;

  const coordinate = (field: 'latitude' | 'longitude', limit: number): number | null => {
    const v = body[field];
    if (v === undefined || v === null || v === '') return null;
    const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(toWesternDigits(v.trim())) : Number.NaN;
    if (!Number.isFinite(n) || Math.abs(n) > limit) {
      fail(field, REQUEST_MESSAGES.coordinatesInvalid);
      return null;
    }
    return n;
  };
  const latitude = coordinate('latitude', 90);
  const longitude = coordinate('longitude', 180);

  const locationPhoneRaw = text('locationPhone', LENGTH_LIMITS.phone);
  let locationPhone: string | null = null;
  if (locationPhoneRaw) {
    locationPhone = normalizeSaudiPhone(locationPhoneRaw);
    if (locationPhone === null) fail('locationPhone', REQUEST_MESSAGES.phoneInvalid);
  }

  // Organizer
  const organizerName = text('organizerName', LENGTH_LIMITS.name);
  if (!organizerName) fail('organizerName', REQUEST_MESSAGES.organizerNameRequired);

  const organizerPhoneRaw = text('organizerPhone', LENGTH_LIMITS.phone);
  let organizerPhone = '';
  if (!organizerPhoneRaw) fail('organizerPhone', REQUEST_MESSAGES.organizerPhoneRequired);
  else {
    const canonical = normalizeSaudiPhone(organizerPhoneRaw);
    if (canonical === null) fail('organizerPhone', REQUEST_MESSAGES.phoneInvalid);
    else organizerPhone = canonical;
  }

  const organizerEmail = text('organizerEmail', LENGTH_LIMITS.email);
  if (organizerEmail && !isValidEmail(organizerEmail)) fail('organizerEmail', REQUEST_MESSAGES.emailInvalid);

  // Extras
  let foodTypes: string[] = [];
  const rawFood = body.foodTypes;
  if (rawFood !== undefined && rawFood !== null) {
    if (
      !Array.isArray(rawFood) ||
      rawFood.length > LENGTH_LIMITS.foodTypesItems ||
      !rawFood.every(
        (f) => typeof f === 'string' && f.trim() !== '' && f.trim().length <= FOOD_TYPE_MAX_LENGTH && !CONTROL_CHARACTERS.test(f),
      )
    ) {
      fail('foodTypes', REQUEST_MESSAGES.foodTypesInvalid);
    } else foodTypes = [...new Set(rawFood.map((f: string) => f.trim()))];
  }
  const additionalNotes = text('additionalNotes', LENGTH_LIMITS.additionalNotes);

  const optIn = body.whatsappOptIn;
  if (optIn !== undefined && optIn !== null && typeof optIn !== 'boolean') fail('whatsappOptIn', REQUEST_MESSAGES.optInInvalid);
  const whatsappOptIn = optIn === true;
  const consentRaw = text('consentText', LENGTH_LIMITS.message);

  if (Object.keys(errors).length) return { ok: false, errors };

  const fullAddress =
    buildFullAddress({
      locationType,
      gps,
      buildingNumber,
      street,
      districtName: districtName ?? (ctx.options ? null : district),
      areaName: areaName ?? (ctx.options ? null : area),
      importantPlaceLabel: placeLabel,
      landmarks,
    }) || clientAddress;

  return {
    ok: true,
    value: {
      eventType,
      attendeeCount,
      eventDate,
      endTime,
      locationType,
      area: area || null,
      district: district || null,
      street: street || null,
      buildingNumber: buildingNumber || null,
      importantPlace: locationType === 'important_place' ? importantPlace : null,
      landmarks: landmarks || null,
      latitude,
      longitude,
      locationPhone,
      fullAddress,
      organizerName,
      organizerPhone,
      organizerEmail: organizerEmail || null,
      foodTypes,
      additionalNotes: additionalNotes || null,
      whatsappOptIn,
      consentText: whatsappOptIn ? consentRaw || DEFAULT_WHATSAPP_CONSENT_TEXT : null,
    },
  };
}

/** Messages of the request call's own outcomes (success and the two 409 codes). */
export const REQUEST_OUTCOME_MESSAGES = {
  created: 'تم إرسال طلبك بنجاح، وسيتواصل معك فريقنا خلال ساعتين',
  duplicate: (id: number): string =>
    `يوجد طلب نشط برقم #${id} بنفس نوع الفعالية والتاريخ لهذا الرقم، يرجى اختيار تاريخ آخر أو متابعة الطلب السابق`,
  limit: (count: number): string => `وصلت إلى الحد الأقصى للطلبات النشطة (${count} طلبات)، يمكنك تقديم طلب جديد بعد اكتمال أحد طلباتك`,
} as const;
