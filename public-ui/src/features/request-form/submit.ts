import { parseIntegerInput } from '@shared/digits';
import type { RequestPayload } from '@shared/api/requests';
import {
  OTHER_VENUE,
  VALIDATION,
  buildFullAddress,
  landmarksForPinned,
  normalizePhoneInput,
  normalizeTime,
  type FieldName,
  type MissingField,
  type PinnedLocation,
  type RequestFormValues,
} from './form-state';

type FieldErrors = Partial<Record<FieldName, string>>;
type Lookups = Parameters<typeof buildFullAddress>[2];

/** Maps a server field name to the form control that shows its error. */
const SERVER_FIELD: Readonly<Record<string, FieldName>> = {
  eventType: 'eventType',
  attendeeCount: 'attendeeCount',
  eventDate: 'eventDate',
  endTime: 'endTime',
  locationType: 'locationType',
  area: 'area',
  district: 'district',
  buildingNumber: 'buildingNumber',
  street: 'buildingNumber',
  importantPlace: 'importantPlace',
  landmarks: 'landmarks',
  locationPhone: 'locationPhone',
  organizerName: 'organizerName',
  organizerPhone: 'organizerPhone',
  organizerEmail: 'organizerEmail',
};

/** The form's fields top to bottom: the first one with an error takes the focus. */
export const FIELD_ORDER: readonly FieldName[] = [
  'eventType',
  'attendeeCount',
  'eventDate',
  'endTime',
  'locationType',
  'area',
  'district',
  'buildingNumber',
  'importantPlace',
  'importantPlaceText',
  'landmarks',
  'locationPhone',
  'organizerName',
  'organizerPhone',
  'organizerEmail',
  'termsAccepted',
  'whatsappOptIn',
];

/** The inline message of a missing field; the address fields share the location message. */
const MISSING_MESSAGE: Partial<Record<FieldName, string>> = {
  eventType: VALIDATION.eventType,
  attendeeCount: VALIDATION.attendeeCount,
  eventDate: VALIDATION.eventDate,
  endTime: VALIDATION.endTime,
  locationType: VALIDATION.locationType,
  organizerName: VALIDATION.organizerName,
  organizerPhone: VALIDATION.organizerPhone,
  termsAccepted: VALIDATION.terms,
  whatsappOptIn: VALIDATION.whatsapp,
};

export function missingFieldErrors(missing: readonly MissingField[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { field } of missing) errors[field] = MISSING_MESSAGE[field] ?? VALIDATION.location;
  return errors;
}

/** The first field, in the form's order, that has an error. */
export function firstErrorField(errors: FieldErrors): FieldName | undefined {
  return FIELD_ORDER.find((name) => errors[name]);
}

/** The server's field errors on the form's controls; errors of fields the form does not show go apart. */
export function serverFieldErrors(errors: Readonly<Record<string, string>>): { fields: FieldErrors; others: string[] } {
  const fields: FieldErrors = {};
  const others: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const field = SERVER_FIELD[key];
    if (field) fields[field] = message;
    else others.push(message);
  }
  return { fields, others };
}

/**
 * The POST /api/requests body from what the visitor entered: a pinned point (GPS or map) replaces the
 * address fields, a venue sends only the venue, and values are trimmed and normalised (digits, phones,
 * 24-hour time).
 */
export function toRequestPayload(
  values: RequestFormValues,
  pinned: PinnedLocation | null,
  lookups: Lookups,
  client: { consentText: string; hostname: string; userAgent: string },
): RequestPayload {
  const landmarks = pinned ? landmarksForPinned(values.landmarks, pinned) : values.landmarks.trim();
  const isPlace = !pinned && values.locationType === 'important_place';
  const custom = !isPlace && !pinned;
  const payload: RequestPayload = {
    eventType: values.eventType,
    attendeeCount: parseIntegerInput(values.attendeeCount),
    eventDate: values.eventDate,
    endTime: normalizeTime(values.endTime),
    locationType: isPlace ? 'important_place' : 'custom',
    area: custom ? values.area : '',
    district: custom ? values.district : '',
    buildingNumber: custom ? values.buildingNumber.trim() : '',
    importantPlace: isPlace ? (values.importantPlace === OTHER_VENUE ? values.importantPlaceText.trim() : values.importantPlace) : '',
    landmarks,
    locationPhone: values.locationPhone.trim() ? normalizePhoneInput(values.locationPhone) : '',
    fullAddress: buildFullAddress({ ...values, landmarks }, pinned, lookups),
    organizerName: values.organizerName.trim(),
    organizerPhone: normalizePhoneInput(values.organizerPhone),
    organizerEmail: values.organizerEmail.trim() || null,
    foodTypes: values.foodTypes,
    additionalNotes: values.additionalNotes.trim(),
    whatsappOptIn: values.whatsappOptIn,
    consentText: client.consentText,
    ipAddress: client.hostname,
    userAgent: client.userAgent,
  };
  if (custom && values.street.trim()) payload.street = values.street.trim();
  if (pinned) {
    payload.latitude = Number(pinned.latitude.toFixed(7));
    payload.longitude = Number(pinned.longitude.toFixed(7));
  }
  return payload;
}
