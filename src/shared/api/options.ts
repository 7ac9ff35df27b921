/** GET /api/dropdown-options: active event types, food types and important places, in display order. */
export interface LabelledOption {
  value: string;
  label: string;
}

export interface DropdownOptions {
  eventTypes: LabelledOption[];
  foodTypes: LabelledOption[];
  importantPlaces: LabelledOption[];
}

/** GET /api/simple-location-options: active areas and districts. */
export interface LocationOptions {
  areas: { name: string; value: string }[];
  districts: { id: number | string; name: string; value: string; areaValue: string }[];
}
