// Seed rows for dropdown_options: event types and food types (important places are in locations.ts).
import { EVENT_TYPE_LABELS, EVENT_TYPE_VALUES } from '../../../shared/labels';

/** dropdown_options.type values used by the seeds and read by GET /api/dropdown-options. */
export const DROPDOWN_TYPES = {
  eventType: 'eventType',
  foodType: 'foodType',
  importantPlace: 'importantPlace',
} as const;

export interface DropdownOptionSeed {
  value: string;
  label: string;
  sortOrder: number;
  isActive: boolean;
}

export const EVENT_TYPES: readonly DropdownOptionSeed[] = EVENT_TYPE_VALUES.map((value, index) => ({
  value,
  label: EVENT_TYPE_LABELS[value],
  sortOrder: index + 1,
  isActive: true,
}));

const FOOD_TYPE_ROWS: ReadonlyArray<readonly [value: string, label: string]> = [
  ['rice_meat', 'رز ولحوم (كبسة/مندي)'],
  ['chicken', 'دجاج'],
  ['seafood', 'مأكولات بحرية'],
  ['appetizers_salads', 'مقبلات وسلطات'],
  ['pastries', 'معجنات'],
  ['bread', 'خبز'],
  ['sweets', 'حلويات'],
  ['fruits', 'فواكه'],
  ['dates', 'تمور'],
  ['beverages', 'مشروبات وعصائر'],
  ['other', 'أخرى'],
];

export const FOOD_TYPES: readonly DropdownOptionSeed[] = FOOD_TYPE_ROWS.map(([value, label], index) => ({
  value,
  label,
  sortOrder: index + 1,
  isActive: true,
}));
