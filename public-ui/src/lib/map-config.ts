/**
 * Map and reverse-geocoding services, overridable at build time:
 * VITE_MAP_TILE_URL, VITE_MAP_ATTRIBUTION, VITE_GEOCODE_PRIMARY_URL, VITE_GEOCODE_BACKUP_URL.
 */
import { DEFAULT_MAP_TILE_URL, YANBU_CENTER } from '@shared/map';

const env = import.meta.env as Record<string, string | undefined>;

/** Tile layer URL template ({z}/{x}/{y}, optional {s}). */
export const MAP_TILE_URL = env.VITE_MAP_TILE_URL || DEFAULT_MAP_TILE_URL;
export const MAP_ATTRIBUTION = env.VITE_MAP_ATTRIBUTION || '&copy; OpenStreetMap';

/** Primary reverse geocoding: a Nominatim-compatible /reverse endpoint. */
export const GEOCODE_PRIMARY_URL = env.VITE_GEOCODE_PRIMARY_URL || 'https://nominatim.openstreetmap.org/reverse';
/** Backup reverse geocoding: BigDataCloud's free client-side endpoint. */
export const GEOCODE_BACKUP_URL = env.VITE_GEOCODE_BACKUP_URL || 'https://api.bigdatacloud.net/data/reverse-geocode-client';

/** Centre of Yanbu, where the map opens when no position is known yet. */
export { YANBU_CENTER };
