import { describe, expect, it } from '@jest/globals';
import { activeDeskFilters, deskFiltersOf, withDeskFilter } from './deskFilterOptions';

describe('the desk’s filters beside the tabs and the search', () => {
  const filter = { q: 'سارة', status: 'confirmed', area: 'yanbu_city', eventDateFrom: '2026-04-01', eventType: '' };

  it('lists the ones set, and keeps only them for a tab change', () => {
    expect(activeDeskFilters(filter)).toEqual(['eventDateFrom', 'area']);
    expect(deskFiltersOf(filter)).toEqual({ area: 'yanbu_city', eventDateFrom: '2026-04-01' });
  });

  it('sets one and keeps the rest, and drops it when emptied', () => {
    expect(withDeskFilter(filter, 'area', 'yanbu_nakhl')).toMatchObject({ q: 'سارة', status: 'confirmed', area: 'yanbu_nakhl' });
    expect(withDeskFilter(filter, 'area', '')).not.toHaveProperty('area');
    expect(withDeskFilter(filter, 'area', null)).toMatchObject({ q: 'سارة', status: 'confirmed', eventDateFrom: '2026-04-01' });
  });
});
