import type { AdminLocations, ImportantPlace, ImportantPlaceInput } from '@shared/api/content-admin';
import { apiRequest } from '../../providers/httpClient';

export const LOCATIONS_KEY = ['admin', 'simple-locations'] as const;
export const PLACES_KEY = ['admin', 'important-places'] as const;

export const fetchLocations = () => apiRequest<AdminLocations>('/api/admin/simple-locations');
export const fetchPlaces = () => apiRequest<ImportantPlace[]>('/api/admin/important-places');
export const addDistrict = (name: string, areaValue: string) =>
  apiRequest('/api/admin/simple-locations/districts', { method: 'POST', json: { name, areaValue } });
export const deleteDistrict = (id: number) => apiRequest(`/api/admin/simple-locations/districts/${id}`, { method: 'DELETE' });
/** A new place: no code (the server generates one), its group and, if picked, its position. */
export const addPlace = (place: ImportantPlaceInput) => apiRequest('/api/admin/important-places', { method: 'POST', json: place });
/** Changes a place; its stored code is never sent, so it stays what the requests keep. */
export const updatePlace = (id: number, body: Omit<ImportantPlaceInput, 'value'> & { isActive: boolean }) =>
  apiRequest(`/api/admin/important-places/${id}`, { method: 'PUT', json: body });
export const deletePlace = (id: number) => apiRequest(`/api/admin/important-places/${id}`, { method: 'DELETE' });
