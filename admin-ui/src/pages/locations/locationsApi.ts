import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList } from 'react-admin';
import type { ImportantPlace } from '@shared/api/content-admin';
import type { CharityDataProvider } from '../../providers/customMethods';

// The locations page through the dataProvider: the important places are react-admin's resource
// 'important-places' (read with useGetList, written with useCreate, useUpdate and useDelete); the areas and
// their districts are custom methods.

/** The important places, all of them (the server answers the whole list). */
export const usePlaces = () => useGetList<ImportantPlace>('important-places');

/** The areas with their districts. */
export function useLocations() {
  const dataProvider = useDataProvider<CharityDataProvider>();
  return useQuery({ queryKey: ['admin', 'simple-locations'], queryFn: () => dataProvider.getLocations().then(({ data }) => data) });
}
