/** Keys of the editable site content (spec §3, hero_verse from the decisions, the about page's figures). */
export const CONTENT_KEYS = [
  'site_title',
  'site_slogan',
  'hero_verse',
  'hero_title',
  'hero_subtitle',
  'cta_button_text',
  'form_title',
  'form_description',
  'working_hours_title',
  'working_hours_weekdays',
  'working_hours_friday',
  'working_hours_note',
  'contact_phone',
  'contact_email',
  'contact_address',
  'charity_name',
  'license_number',
  'registration_date',
  'registration_title',
  'government_entity',
  'footer_text',
  'about_founded_year',
  'about_meals',
  'about_families',
  'about_events',
  'about_volunteers',
] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];

/** One figure the about page states about the charity. */
export interface AboutClaim {
  key: ContentKey;
  /** The spec's figure, shown until the administrators set their own. */
  fallback: number;
  /** Shown with «أكثر من» (over). */
  more: boolean;
  /** A year: written without a thousands separator. */
  year: boolean;
}

/**
 * The about page's figures (spec: founded 2024, over 2000 meals, over 500 families, over 150 events,
 * 25 volunteers), editable in the content screen so the charity keeps them true.
 */
export const ABOUT_CLAIMS: readonly AboutClaim[] = [
  { key: 'about_founded_year', fallback: 2024, more: false, year: true },
  { key: 'about_meals', fallback: 2000, more: true, year: false },
  { key: 'about_families', fallback: 500, more: true, year: false },
  { key: 'about_events', fallback: 150, more: true, year: false },
  { key: 'about_volunteers', fallback: 25, more: false, year: false },
];

/** Content keys that hold a whole number (saved with Western digits). */
export const NUMBER_CONTENT_KEYS: ReadonlySet<string> = new Set(ABOUT_CLAIMS.map((claim) => claim.key));

/** The largest figure a number key accepts. */
export const MAX_CONTENT_NUMBER = 10_000_000;

/**
 * Content keys that hold one of the charity's phone numbers: checked and stored by the contact-phone
 * rule (`phone-contact.ts`: mobile, landline, 800, 920), shown with `tel:` links.
 */
export const PHONE_CONTENT_KEYS: ReadonlySet<string> = new Set<ContentKey>(['contact_phone']);
