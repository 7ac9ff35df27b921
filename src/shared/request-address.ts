// Where the event is: a GPS location or a typed address, and the address text stored with the request.
import { GPS_DEFAULT_ADDRESS, GPS_LOCATION_PHRASE, HOME_CITY } from './constants';
import type { LocationType } from './labels';

/** True when landmarks stand for a GPS location (they contain «الموقع الحالي»). */
export function isGpsLandmarks(landmarks: string | null | undefined): boolean {
  return typeof landmarks === 'string' && landmarks.includes(GPS_LOCATION_PHRASE);
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
