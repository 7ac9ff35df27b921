/**
 * The content screen's groups and their keys, in order; keys not listed appear under «أخرى». The group
 * titles are app.content_edit.groups.<id>, the labels app.content_edit.fields.<key>.
 */
export const CONTENT_GROUPS: ReadonlyArray<{ id: string; fields: ReadonlyArray<{ key: string; multiline?: boolean }> }> = [
  {
    id: 'home',
    fields: [
      { key: 'site_title' },
      { key: 'site_slogan' },
      { key: 'hero_verse', multiline: true },
      { key: 'hero_title' },
      { key: 'hero_subtitle', multiline: true },
      { key: 'cta_button_text' },
      { key: 'form_title' },
      { key: 'form_description', multiline: true },
    ],
  },
  {
    id: 'hours',
    fields: [
      { key: 'working_hours_title' },
      { key: 'working_hours_weekdays' },
      { key: 'working_hours_friday' },
      { key: 'working_hours_note', multiline: true },
    ],
  },
  { id: 'contact', fields: [{ key: 'contact_phone' }, { key: 'contact_email' }, { key: 'contact_address', multiline: true }] },
  {
    id: 'charity',
    fields: [
      { key: 'charity_name' },
      { key: 'license_number' },
      { key: 'registration_title' },
      { key: 'registration_date' },
      { key: 'government_entity' },
      { key: 'footer_text', multiline: true },
    ],
  },
  {
    id: 'about',
    fields: [
      { key: 'about_founded_year' },
      { key: 'about_meals' },
      { key: 'about_families' },
      { key: 'about_events' },
      { key: 'about_volunteers' },
    ],
  },
];

export const LISTED_KEYS = new Set(CONTENT_GROUPS.flatMap((g) => g.fields.map((f) => f.key)));
