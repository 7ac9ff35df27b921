// The shape of a submitted request: the fields it may carry, and text the rules never accept.
import type { RequestPayload } from './api/requests';
import { REQUEST_MESSAGES } from './request-messages';

/** Control characters (other than tab and line breaks) are never part of typed text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A JSON object: not null and not an array. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every field of RequestPayload, each once: a record, so the compiler refuses one missing or unknown. */
const PAYLOAD_FIELDS: Record<keyof RequestPayload, true> = {
  eventType: true,
  attendeeCount: true,
  eventDate: true,
  endTime: true,
  locationType: true,
  area: true,
  district: true,
  street: true,
  buildingNumber: true,
  importantPlace: true,
  landmarks: true,
  latitude: true,
  longitude: true,
  locationPhone: true,
  fullAddress: true,
  organizerName: true,
  organizerPhone: true,
  organizerEmail: true,
  foodTypes: true,
  additionalNotes: true,
  whatsappOptIn: true,
  consentText: true,
  ipAddress: true,
  userAgent: true,
};

/** Every field a submitted request may carry (spec §5); ipAddress and userAgent are accepted and ignored. */
export const REQUEST_PAYLOAD_FIELDS: ReadonlySet<string> = new Set(Object.keys(PAYLOAD_FIELDS));

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
