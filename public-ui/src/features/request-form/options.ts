import { useQuery } from '@tanstack/react-query';
import type { ImportantPlaceGroup } from '@shared/labels';
import { api } from '../../lib/api';

export interface AreaOption {
  name: string;
  value: string;
}
export interface DistrictOption {
  id: number | string;
  name: string;
  value: string;
  areaValue: string;
}
export interface LocationOptions {
  areas: AreaOption[];
  districts: DistrictOption[];
}
export interface LabelledOption {
  value: string;
  label: string;
}
/** An important place with the group the administrators chose for it. */
export interface PlaceOption extends LabelledOption {
  group?: ImportantPlaceGroup;
}
export interface DropdownOptions {
  eventTypes: LabelledOption[];
  foodTypes: LabelledOption[];
  importantPlaces: PlaceOption[];
}

export const locationOptionsQueryKey = ['simple-location-options'] as const;
export const dropdownOptionsQueryKey = ['dropdown-options'] as const;

/** Spec §7: the option lists have zero staleness and refetch when the window regains focus. */
const OPTION_QUERY = { staleTime: 0, refetchOnWindowFocus: true } as const;

export function useLocationOptions() {
  return useQuery({
    queryKey: locationOptionsQueryKey,
    queryFn: ({ signal }) => api.get<LocationOptions>('/api/simple-location-options', signal),
    ...OPTION_QUERY,
  });
}

export function useDropdownOptions() {
  return useQuery({
    queryKey: dropdownOptionsQueryKey,
    queryFn: ({ signal }) => api.get<DropdownOptions>('/api/dropdown-options', signal),
    ...OPTION_QUERY,
  });
}
