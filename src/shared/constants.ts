// Business constants (public spec section 9, admin spec section 9, decisions.md).
import type { GpsAccuracyLevel } from './labels';

// Requests
export const MIN_ATTENDEES = 10;
export const MAX_ATTENDEES = 100_000;
export const SAME_DAY_MIN_LEAD_MINUTES = 60;
export const MAX_ACTIVE_REQUESTS = 2;
export const EVENT_DATE_MAX_MONTHS_AHEAD = 6;
export const HOME_CITY = 'ينبع';
/** The landmarks phrase that stands for a GPS location. */
export const GPS_LOCATION_PHRASE = 'الموقع الحالي';
/** fullAddress of a GPS location when no landmarks were typed. */
export const GPS_DEFAULT_ADDRESS = 'الموقع الحالي (GPS)';

// Text length limits (decisions.md); beyond them a field error, never a 5xx.
export const LENGTH_LIMITS = {
  name: 100,
  phone: 20,
  email: 254,
  buildingNumber: 100,
  street: 100,
  landmarks: 300,
  additionalNotes: 1000,
  message: 1000,
  quickMessage: 500,
  foodTypesItems: 20,
} as const;

// Quick messages
export const QUICK_MESSAGE_MIN_LENGTH = 5;
export const QUICK_MESSAGE_MAX_LENGTH = 500;
export const QUICK_MESSAGE_BANNED_WORDS: readonly string[] = ['spam', 'إعلان', 'تسويق', 'بيع', 'شراء', 'ترويج'];

// Location and map
export const GPS_TIMEOUT_MS = 20_000;
const GPS_ACCURACY_HIGH_METERS = 10;
const GPS_ACCURACY_MEDIUM_METERS = 50;
export const MAP_LINK_ZOOM = 19;

/** GPS accuracy label: under 10 m high, under 50 m medium, otherwise low. */
export function gpsAccuracyLevel(accuracyMeters: number): GpsAccuracyLevel {
  if (accuracyMeters < GPS_ACCURACY_HIGH_METERS) return 'high';
  if (accuracyMeters < GPS_ACCURACY_MEDIUM_METERS) return 'medium';
  return 'low';
}

// Food saved and impact estimates (each shown as an estimate with its constants)
export const FOOD_CALCULATION_METHOD_DEFAULT = 'formula';
export const FOOD_FORMULA_MULTIPLIER_DEFAULT = 0.5;
export const FOOD_CALCULATION_EXAMPLE_ATTENDEES = 100;
export const KG_PER_MEAL = 0.42;
export const MEALS_PER_FAMILY = 5;
export const CO2E_KG_PER_FOOD_KG = 2.5;

// Security
export const PASSWORD_MIN_LENGTH = 6;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_VALIDITY_MINUTES = 5;
export const VERIFICATION_CODE_MAX_TRIES = 5;

// WhatsApp
export const TEMPLATE_BODY_MAX_LENGTH = 1024;
export const TEMPLATE_HEADER_MAX_LENGTH = 60;
export const TEMPLATE_FOOTER_MAX_LENGTH = 60;

// Admin lists
export const LOGIN_ATTEMPTS_LIST_LIMIT = 10;

// UI timings
export const SESSION_RECHECK_INTERVAL_MS = 30_000;
export const FOOD_SETTINGS_REFETCH_INTERVAL_MS = 30_000;
export const AUTO_REPLY_AUTOSAVE_DELAY_MS = 1000;
