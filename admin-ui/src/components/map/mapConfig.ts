import { DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '@shared/map-tiles';

export { YANBU_CENTER } from '@shared/map-tiles';

/**
 * The admin's map tiles (the pickups map, an important place's position), overridable at build time
 * like the public site's: VITE_MAP_TILE_URL and VITE_MAP_ATTRIBUTION (keep CSP_MAP_TILE_ORIGINS in step).
 */
const env = import.meta.env as Record<string, string | undefined>;

export const MAP_TILE_URL = env.VITE_MAP_TILE_URL || DEFAULT_MAP_TILE_URL;
export const MAP_ATTRIBUTION = env.VITE_MAP_ATTRIBUTION || DEFAULT_MAP_ATTRIBUTION;
