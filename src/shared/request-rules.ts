// The request schema of spec §5 with decisions.md's rules: pure, shared by the server (the authority)
// and the public form. Every message is the exact Arabic text the spec gives where it gives one.
import type { RequestPayload } from './api/requests';
import { LENGTH_LIMITS, MAX_ATTENDEES, MIN_ATTENDEES } from './constants';
import { parseIntegerInput, toWesternDigits } from './digits';
import { isValidEmail } from './email';
import { isLocationType, LocationType } from './labels';
import { normalizeSaudiPhone } from './phone';
import { buildFullAddress, isGpsLandmarks } from './request-address';
import { CONTROL_CHARACTERS, isPlainObject } from './request-fields';
import { DEFAULT_WHATSAPP_CONSENT_TEXT, REQUEST_MESSAGES } from './request-messages';
import { endTimeTooSoon, eventDateWindow, normalizeTime24 } from './request-schedule';
import { isValidDateString } from './time';

// The parts, re-exported so importers keep one module path.
export { buildFullAddress, isGpsLandmarks } from './request-address';
export { CONTROL_CHARACTERS, REQUEST_PAYLOAD_FIELDS, requestLookupKeys, unknownRequestFields } from './request-fields';
export {
  DEFAULT_WHATSAPP_CONSENT_TEXT,
  EMAIL_EXAMPLE,
  PHONE_EXAMPLE,
  REQUEST_MESSAGES,
  REQUEST_OUTCOME_MESSAGES,
} from './request-messages';
export { endTimeTooSoon, eventDateWindow, normalizeTime24 } from './request-schedule';

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
const FULL_ADDRESS_MAX_LENGTH = 500;
const IMPORTANT_PLACE_MAX_LENGTH = 200;

/** Validates a submitted request payload against every rule; returns the stored form or field errors. */
export function validateRequest(input: unknown, ctx: RequestRuleContext): RequestValidation {
  // RequestPayload's fields, each read as anything a client may send.
  const body: { readonly [F in keyof RequestPayload]?: unknown } = isPlainObject(input) ? input : {};
  const errors: Record<string, string> = {};
  const fail = (field: string, message: string) => {
    if (!(field in errors)) errors[field] = message;
  };

  /** Text of a field: strings trimmed, numbers as text, absent as ''; any other type is a field error. */
  const text = (field: keyof RequestPayload, max: number): string => {
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
