/** Map defaults both apps use (each app may override the tiles at build time). */

/** Centre of Yanbu, where a map opens when no position is known yet. */
export const YANBU_CENTER: [number, number] = [24.0895, 38.0618];

/** OpenStreetMap's standard tiles ({z}/{x}/{y}); the server's CSP allows their origin (CSP_MAP_TILE_ORIGINS). */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
