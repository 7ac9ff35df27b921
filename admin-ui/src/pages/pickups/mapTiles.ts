import { DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '@shared/map-tiles';

// The same build-time settings as the public site's map (VITE_MAP_TILE_URL, VITE_MAP_ATTRIBUTION).
const env = import.meta.env as Record<string, string | undefined>;

export const MAP_TILE_URL = env.VITE_MAP_TILE_URL || DEFAULT_MAP_TILE_URL;
export const MAP_ATTRIBUTION = env.VITE_MAP_ATTRIBUTION || DEFAULT_MAP_ATTRIBUTION;
