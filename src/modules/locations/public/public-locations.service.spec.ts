import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../test/support/test-service';
import { PublicLocationsRepository } from './public-locations.repository';
import { PublicLocationsService } from './public-locations.service';

describe('PublicLocationsService.simpleOptions', () => {
  it('offers only the districts of areas still active, with the fields the form reads', async () => {
    const t = newTestService(PublicLocationsService);
    const repo = t.mock(PublicLocationsRepository);
    repo.activeAreas.mockResolvedValue([{ name: 'ينبع البحر', value: 'yanbu_city' }] as never);
    repo.activeDistricts.mockResolvedValue([
      { id: 1, name: 'الشرم', value: 'al_sharm', areaValue: 'yanbu_city', isActive: true },
      // Its area was switched off: the form must not offer it under no area.
      { id: 2, name: 'حي الصناعية', value: 'sinaiya', areaValue: 'yanbu_industrial', isActive: true },
    ] as never);
    expect(await t.sut.simpleOptions()).toEqual({
      areas: [{ name: 'ينبع البحر', value: 'yanbu_city' }],
      districts: [{ id: 1, name: 'الشرم', value: 'al_sharm', areaValue: 'yanbu_city' }],
    });
  });
});
