import type { AdminLocations, ImportantPlace, ImportantPlaceInput } from '@shared/api/content-admin';
import { API_PATHS } from '@shared/api/admin-paths';
import { apiRequest } from '../../providers/httpClient';

export const LOCATIONS_KEY = ['admin', 'simple-locations'] as const;
export const PLACES_KEY = ['admin', 'important-places'] as const;

export const fetchLocations = () => apiRequest<AdminLocations>(API_PATHS.locations.all);
export const fetchPlaces = () => apiRequest<ImportantPlace[]>(API_PATHS.locations.places);
export const addDistrict = (name: string, areaValue: string) =>
  apiRequest(API_PATHS.locations.districts, { method: 'POST', json: { name, areaValue } });
export const deleteDistrict = (id: number) => apiRequest(API_PATHS.locations.district(id), { method: 'DELETE' });
/** A new place: no code (the server generates one), its group and, if picked, its position. */
export const addPlace = (place: ImportantPlaceInput) => apiRequest(API_PATHS.locations.places, { method: 'POST', json: place });
/** Changes a place; its stored code is never sent, so it stays what the requests keep. */
export const updatePlace = (id: number, body: Omit<ImportantPlaceInput, 'value'> & { isActive: boolean }) =>
  apiRequest(API_PATHS.locations.place(id), { method: 'PUT', json: body });
export const deletePlace = (id: number) => apiRequest(API_PATHS.locations.place(id), { method: 'DELETE' });
