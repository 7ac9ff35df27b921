// The map tiles both user interfaces draw (the public form's map, the admin's pickups map and an
// important place's position), so the
// two never drift: each UI reads VITE_MAP_TILE_URL / VITE_MAP_ATTRIBUTION at build time and falls back
// to these. The server's Content-Security-Policy allows CSP_MAP_TILE_ORIGINS: keep them in step.

/** Tile layer URL template ({z}/{x}/{y}, optional {s}). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
// OpenStreetMap's licence asks for the credit; in Arabic, with the project's name as it is written.
export const DEFAULT_MAP_ATTRIBUTION = '&copy; مساهمو OpenStreetMap';

/** Centre of Yanbu, where a map opens when no position is known yet. */
export const YANBU_CENTER: [number, number] = [24.0895, 38.0618];
