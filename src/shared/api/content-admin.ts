/** GET/PUT /api/admin/dropdown-options: the admin's lists, by Arabic label, in display order. */
export interface DropdownLists {
  eventTypes: string[];
  foodTypes: string[];
}

/** GET /api/admin/important-places (all, active or not). */
export interface ImportantPlace {
  id: number;
  value: string;
  label: string;
  isActive: boolean;
  sortOrder: number;
}

/** GET /api/admin/simple-locations. */
export interface AdminLocations {
  areas: { value: string; name: string }[];
  districts: { id: number; name: string; value: string; areaValue: string }[];
}
