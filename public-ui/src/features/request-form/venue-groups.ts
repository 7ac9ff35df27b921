import { IMPORTANT_PLACE_GROUPS, placeGroupOf, type ImportantPlaceGroup } from '@shared/labels';
import type { LabelledOption, PlaceOption } from './options';

export interface VenueGroup {
  key: ImportantPlaceGroup;
  options: LabelledOption[];
}

/**
 * The venue list under each place's stored group (set by the administrators, never read from the
 * code), in the groups' fixed order; empty groups are left out. A place without a group (an answer
 * cached before groups existed) is listed under «أماكن أخرى».
 */
export function groupVenues(places: readonly PlaceOption[]): VenueGroup[] {
  const groups = new Map<ImportantPlaceGroup, LabelledOption[]>(IMPORTANT_PLACE_GROUPS.map((key) => [key, []]));
  for (const place of places) groups.get(placeGroupOf(place.group))!.push({ value: place.value, label: place.label });
  return IMPORTANT_PLACE_GROUPS.filter((key) => groups.get(key)!.length > 0).map((key) => ({ key, options: groups.get(key)! }));
}
