import { useQuery } from '@tanstack/react-query';
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
export interface DropdownOptions {
  eventTypes: LabelledOption[];
  foodTypes: LabelledOption[];
  importantPlaces: LabelledOption[];
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

export interface VenueGroup {
  key: 'wedding' | 'hotel' | 'company' | 'other';
  options: LabelledOption[];
}

const PREFIXES: ReadonlyArray<[VenueGroup['key'], string]> = [
  ['wedding', 'wedding_'],
  ['hotel', 'hotel_'],
  ['company', 'company_'],
];

/** The venue list grouped by value prefix: wedding_ halls, hotel_ hotels, company_ companies, the rest. */
export function groupVenues(places: readonly LabelledOption[]): VenueGroup[] {
  const groups: Record<VenueGroup['key'], LabelledOption[]> = { wedding: [], hotel: [], company: [], other: [] };
  for (const place of places) {
    const match = PREFIXES.find(([, prefix]) => place.value.startsWith(prefix));
    groups[match ? match[0] : 'other'].push(place);
  }
  return (['wedding', 'hotel', 'company', 'other'] as const)
    .filter((key) => groups[key].length > 0)
    .map((key) => ({ key, options: groups[key] }));
}
