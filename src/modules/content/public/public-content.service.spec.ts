import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../test/support/test-service';
import type { DropdownOptionEntity } from '../entities/dropdown-option.entity';
import { PublicContentRepository } from './public-content.repository';
import { PublicContentService } from './public-content.service';

function setup() {
  const t = newTestService(PublicContentService);
  return { ...t, repo: t.mock(PublicContentRepository) };
}

describe('PublicContentService.eventTypeLabel', () => {
  it('names an event type as the charity named it, else by the built-in label, else by its stored value', async () => {
    const t = setup();
    t.repo.optionLabel.mockImplementation(async (type, value) => (type === 'eventType' && value === 'wedding' ? 'زفاف' : null));
    expect(await t.sut.eventTypeLabel('wedding')).toBe('زفاف');
    expect(await t.sut.eventTypeLabel('graduation')).toBe('حفل تخرج');
    expect(await t.sut.eventTypeLabel('opt_1x9k')).toBe('opt_1x9k');
  });
});

describe('PublicContentService.dropdownOptions', () => {
  it('splits the active options into the form’s three lists, each place under its stored group («other» when it has none)', async () => {
    const t = setup();
    t.repo.activeOptions.mockResolvedValue([
      { type: 'eventType', value: 'wedding', label: 'حفل زواج', group: null },
      { type: 'foodType', value: 'rice', label: 'أرز', group: null },
      { type: 'importantPlace', value: 'royal_hall', label: 'القاعة الملكية', group: 'wedding' },
      { type: 'importantPlace', value: 'place_x', label: 'مكان قديم', group: null },
    ] as Pick<DropdownOptionEntity, 'type' | 'value' | 'label' | 'group'>[]);
    expect(await t.sut.dropdownOptions()).toEqual({
      eventTypes: [{ value: 'wedding', label: 'حفل زواج' }],
      foodTypes: [{ value: 'rice', label: 'أرز' }],
      importantPlaces: [
        { value: 'royal_hall', label: 'القاعة الملكية', group: 'wedding' },
        { value: 'place_x', label: 'مكان قديم', group: 'other' },
      ],
    });
  });
});
