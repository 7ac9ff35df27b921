import { DEFAULT_MAP_TILE_URL } from '@shared/map';

/**
 * The admin's map tiles, overridable at build time like the public site's: VITE_MAP_TILE_URL and
 * VITE_MAP_ATTRIBUTION (keep CSP_MAP_TILE_ORIGINS in step).
 */
const env = import.meta.env as Record<string, string | undefined>;

export const MAP_TILE_URL = env.VITE_MAP_TILE_URL || DEFAULT_MAP_TILE_URL;
// OpenStreetMap's licence asks for the credit; in Arabic, with the project's name as it is written.
export const MAP_ATTRIBUTION = env.VITE_MAP_ATTRIBUTION || '&copy; مساهمو OpenStreetMap';
