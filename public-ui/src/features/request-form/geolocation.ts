import { GPS_TIMEOUT_MS, HOME_CITY, MAP_LINK_ZOOM, gpsAccuracyLevel } from '@shared/constants';
import { GEOCODE_BACKUP_URL, GEOCODE_PRIMARY_URL } from '../../lib/map-config';
import { ar } from '../../i18n/ar';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface ResolvedPlace {
  /** Arabic address text, or the raw coordinates when both services failed. */
  address: string;
  /** Which source answered. */
  source: 'primary' | 'backup' | 'coordinates';
  /** A map link (zoom 19) to the point. */
  mapLink: string;
}

const GEOCODE_TIMEOUT_MS = 8000;

export function mapLink({ latitude, longitude }: Coordinates): string {
  return `https://www.google.com/maps?q=${latitude.toFixed(6)},${longitude.toFixed(6)}&z=${MAP_LINK_ZOOM}`;
}

export function formatCoordinates({ latitude, longitude }: Coordinates): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

/** The Arabic label of a GPS accuracy in metres (under 10 m high, under 50 m medium, else low). */
export function accuracyLabel(accuracyMeters: number): string {
  return ar.requestForm.location.accuracy[gpsAccuracyLevel(accuracyMeters)];
}

/** The Arabic message for a failed position request (spec §8). */
export function geolocationErrorMessage(error: GeolocationPositionError | { code: number }): string {
  const messages = ar.requestForm.location.errors;
  switch (error.code) {
    case 1:
      return messages.denied;
    case 2:
      return messages.unavailable;
    case 3:
      return messages.timeout;
    default:
      return messages.other;
  }
}

/** One fresh, high-accuracy position (20 s timeout, no cached position). */
export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: true,
      timeout: GPS_TIMEOUT_MS,
      maximumAge: 0,
    });
  });
}

export function geolocationSupported(): boolean {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && !!navigator.geolocation;
}

async function getJson(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(GEOCODE_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`geocode ${response.status}`);
  const data: unknown = await response.json();
  if (!data || typeof data !== 'object') throw new Error('geocode body');
  return data as Record<string, unknown>;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Joins the distinct non-empty parts with the Arabic comma. */
function joinParts(parts: string[]): string {
  return [...new Set(parts.filter(Boolean))].join('، ');
}

async function fromPrimary({ latitude, longitude }: Coordinates): Promise<string> {
  const url = `${GEOCODE_PRIMARY_URL}?format=jsonv2&lat=${latitude}&lon=${longitude}&accept-language=ar&zoom=18`;
  const data = await getJson(url);
  const address = (data.address ?? {}) as Record<string, unknown>;
  const street = text(address.road);
  const district = text(address.suburb) || text(address.neighbourhood) || text(address.quarter);
  const city = text(address.city) || text(address.town) || text(address.village) || HOME_CITY;
  const built = joinParts([street, district, city]);
  const result = district || street ? built : text(data.display_name) || built;
  if (!result) throw new Error('geocode empty');
  return result;
}

async function fromBackup({ latitude, longitude }: Coordinates): Promise<string> {
  const url = `${GEOCODE_BACKUP_URL}?latitude=${latitude}&longitude=${longitude}&localityLanguage=ar`;
  const data = await getJson(url);
  const locality = text(data.locality);
  const city = text(data.city) || HOME_CITY;
  const region = text(data.principalSubdivision);
  const result = joinParts([locality, city, region]);
  if (!locality && !text(data.city)) throw new Error('geocode empty');
  return result;
}

/**
 * The Arabic address of a point: the primary service, then the backup, then the raw coordinates.
 * Never rejects.
 */
export async function reverseGeocode(point: Coordinates): Promise<ResolvedPlace> {
  const link = mapLink(point);
  try {
    return { address: await fromPrimary(point), source: 'primary', mapLink: link };
  } catch {
    try {
      return { address: await fromBackup(point), source: 'backup', mapLink: link };
    } catch {
      return { address: formatCoordinates(point), source: 'coordinates', mapLink: link };
    }
  }
}
