import { describe, expect, it } from '@jest/globals';
import { groupVenues } from './venue-groups';

describe('the venue list of the request form', () => {
  it('lists each place under its stored group, whatever its code says, in the groups’ order', () => {
    const groups = groupVenues([
      { value: 'commercial_mall', label: 'مول', group: 'commercial' },
      { value: 'place_k2j4h5g6f7', label: 'قاعة النخيل', group: 'wedding' },
      { value: 'hotel_x', label: 'فندق س', group: 'hotel' },
      // A hall someone once gave a commercial-looking code stays with the halls.
      { value: 'commercial_hall', label: 'قاعة الريم', group: 'wedding' },
    ]);
    expect(groups.map((g) => g.key)).toEqual(['wedding', 'hotel', 'commercial']);
    expect(groups[0].options.map((o) => o.label)).toEqual(['قاعة النخيل', 'قاعة الريم']);
  });

  it('lists a place without a group (an answer cached before groups existed) under «أماكن أخرى»', () => {
    expect(groupVenues([{ value: 'wedding_old', label: 'قاعة قديمة' }])).toEqual([
      { key: 'other', options: [{ value: 'wedding_old', label: 'قاعة قديمة' }] },
    ]);
  });
});
