import { GPS_LOCATION_PHRASE } from '@shared/constants';
import { REQUEST_MESSAGES, buildFullAddress as sharedFullAddress } from '@shared/request-rules';
import { isValidEmail } from '@shared/email';
import { normalizeSaudiPhone } from '@shared/phone';
import { parseIntegerInput, toWesternDigits } from '@shared/digits';
import { isValidTime24 } from '@shared/time';
import { ar } from '../../i18n/ar';
import type { AreaOption, DistrictOption, LabelledOption } from './options';

/**
 * The request form's values and its own checks. The server is the authority (it re-checks every rule
 * with the same Arabic messages); these checks only save the visitor a round trip.
 */
export type LocationType = '' | 'custom' | 'important_place';

/** Where the point came from once GPS or the map was used (the location fields then lock). */
export interface PinnedLocation {
  source: 'gps' | 'map';
  latitude: number;
  longitude: number;
  /** Metres, GPS only. */
  accuracy?: number;
  /** Arabic address from reverse geocoding, or the coordinates. */
  address: string;
  mapLink: string;
  resolved: boolean;
}

export interface RequestFormValues {
  eventType: string;
  attendeeCount: string;
  eventDate: string;
  endTime: string;
  locationType: LocationType;
  area: string;
  district: string;
  buildingNumber: string;
  street: string;
  /** A venue's value from the list, or OTHER_VENUE when the visitor types the venue. */
  importantPlace: string;
  importantPlaceText: string;
  landmarks: string;
  locationPhone: string;
  organizerName: string;
  organizerPhone: string;
  organizerEmail: string;
  foodTypes: string[];
  additionalNotes: string;
  termsAccepted: boolean;
  whatsappOptIn: boolean;
}

export const OTHER_VENUE = '__other__';

export const EMPTY_FORM: RequestFormValues = {
  eventType: '',
  attendeeCount: '',
  eventDate: '',
  endTime: '',
  locationType: '',
  area: '',
  district: '',
  buildingNumber: '',
  street: '',
  importantPlace: '',
  importantPlaceText: '',
  landmarks: '',
  locationPhone: '',
  organizerName: '',
  organizerPhone: '',
  organizerEmail: '',
  foodTypes: [],
  additionalNotes: '',
  termsAccepted: false,
  whatsappOptIn: false,
};

/** The form fields that can be focused, in the page's order; each id is `rf-<name>`. */
export type FieldName =
  | 'eventType'
  | 'attendeeCount'
  | 'eventDate'
  | 'endTime'
  | 'locationType'
  | 'area'
  | 'district'
  | 'buildingNumber'
  | 'importantPlace'
  | 'importantPlaceText'
  | 'landmarks'
  | 'locationPhone'
  | 'organizerName'
  | 'organizerPhone'
  | 'organizerEmail'
  | 'termsAccepted'
  | 'whatsappOptIn';

export const fieldId = (name: FieldName | string): string => `rf-${name}`;

export interface MissingField {
  field: FieldName;
  label: string;
}

/** The spec's missing-field checks, in its order. */
export function missingFields(values: RequestFormValues, pinned: PinnedLocation | null): MissingField[] {
  const m = ar.requestForm.missing;
  const missing: MissingField[] = [];
  const add = (field: FieldName, label: string) => missing.push({ field, label });
  if (!values.eventType) add('eventType', m.eventType);
  const count = parseIntegerInput(values.attendeeCount);
  if (count === null || count < 1) add('attendeeCount', m.attendeeCount);
  if (!values.eventDate) add('eventDate', m.eventDate);
  if (!values.endTime.trim()) add('endTime', m.endTime);
  if (!values.locationType && !pinned) add('locationType', m.locationType);
  if (values.locationType === 'custom' && !pinned) {
    if (!values.area) add('area', m.area);
    if (!values.district) add('district', m.district);
    if (!values.buildingNumber.trim() && !values.street.trim()) add('buildingNumber', m.building);
  }
  if (values.locationType === 'important_place') {
    if (!values.importantPlace) add('importantPlace', m.importantPlace);
    else if (values.importantPlace === OTHER_VENUE && !values.importantPlaceText.trim()) add('importantPlaceText', m.importantPlace);
  }
  if (!values.organizerName.trim()) add('organizerName', m.organizerName);
  if (!values.organizerPhone.trim()) add('organizerPhone', m.organizerPhone);
  if (!values.termsAccepted) add('termsAccepted', m.terms);
  if (!values.whatsappOptIn) add('whatsappOptIn', m.whatsapp);
  return missing;
}

/** Inline messages: the request schema's exact wording (shared with the server), and the consents'. */
export const VALIDATION = {
  eventType: REQUEST_MESSAGES.eventTypeRequired,
  attendeeCount: REQUEST_MESSAGES.attendeeMin,
  eventDate: REQUEST_MESSAGES.eventDateRequired,
  endTime: REQUEST_MESSAGES.endTimeRequired,
  timeFormat: REQUEST_MESSAGES.endTimeFormat,
  locationType: REQUEST_MESSAGES.locationTypeRequired,
  location: REQUEST_MESSAGES.locationDetails,
  organizerName: REQUEST_MESSAGES.organizerNameRequired,
  organizerPhone: REQUEST_MESSAGES.organizerPhoneRequired,
  phone: REQUEST_MESSAGES.phoneInvalid,
  email: REQUEST_MESSAGES.emailInvalid,
  terms: ar.requestForm.validation.terms,
  whatsapp: ar.requestForm.validation.whatsapp,
} as const;

/** Format checks on filled fields, with the schema's exact messages. */
export function formatErrors(values: RequestFormValues): Partial<Record<FieldName, string>> {
  const v = VALIDATION;
  const errors: Partial<Record<FieldName, string>> = {};
  if (values.endTime.trim() && !isValidTime24(normalizeTime(values.endTime))) errors.endTime = v.timeFormat;
  if (values.locationPhone.trim() && !normalizeSaudiPhone(values.locationPhone)) errors.locationPhone = v.phone;
  if (values.organizerPhone.trim() && !normalizeSaudiPhone(values.organizerPhone)) errors.organizerPhone = v.phone;
  if (values.organizerEmail.trim() && !isValidEmail(values.organizerEmail.trim())) errors.organizerEmail = v.email;
  return errors;
}

/** Phones are shown as 05xxxxxxxx once the visitor leaves the field (unchanged when not a Saudi mobile). */
export function normalizePhoneInput(value: string): string {
  return normalizeSaudiPhone(value) ?? toWesternDigits(value).trim();
}

/** '9:05', '0905', '٢٢:٣٠' → 'HH:MM'; anything else is returned trimmed for the format check. */
export function normalizeTime(value: string): string {
  const t = toWesternDigits(value)
    .trim()
    .replace(/[.,٫،]/g, ':');
  let match = /^(\d{1,2}):(\d{1,2})$/.exec(t);
  if (!match) match = /^(\d{2})(\d{2})$/.exec(t);
  if (!match) {
    const hour = /^(\d{1,2})$/.exec(t);
    if (hour) match = [t, hour[1]!, '0'] as unknown as RegExpExecArray;
  }
  if (!match) return t;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return t;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** fullAddress as decisions.md defines it, with the shared rule (the server rebuilds it from its own names). */
export function buildFullAddress(
  values: RequestFormValues,
  pinned: PinnedLocation | null,
  lookups: { areas: readonly AreaOption[]; districts: readonly DistrictOption[]; places: readonly LabelledOption[] },
): string {
  const isPlace = !pinned && values.locationType === 'important_place';
  const placeLabel =
    values.importantPlace === OTHER_VENUE
      ? values.importantPlaceText.trim()
      : (lookups.places.find((p) => p.value === values.importantPlace)?.label ?? values.importantPlace);
  return sharedFullAddress({
    locationType: isPlace ? 'important_place' : 'custom',
    gps: pinned !== null,
    buildingNumber: values.buildingNumber,
    street: values.street,
    districtName: lookups.districts.find((d) => d.value === values.district && d.areaValue === values.area)?.name ?? values.district,
    areaName: lookups.areas.find((a) => a.value === values.area)?.name ?? values.area,
    importantPlaceLabel: placeLabel,
    landmarks: values.landmarks,
  });
}

/** The landmarks text sent for a pinned location: it must carry the GPS phrase. */
export function landmarksForPinned(landmarks: string, pinned: PinnedLocation): string {
  const typed = landmarks.trim();
  if (typed.includes(GPS_LOCATION_PHRASE)) return typed;
  const base = `${GPS_LOCATION_PHRASE}: ${pinned.address}`;
  return typed ? `${base} - ${typed}` : base;
}

/** "N missing fields" with the Arabic number agreement. */
export function missingCountText(n: number): string {
  if (n === 1) return 'حقل واحد ناقص';
  if (n === 2) return 'حقلان ناقصان';
  if (n >= 3 && n <= 10) return `${n} حقول ناقصة`;
  return `${n} حقلاً ناقصاً`;
}
