import { describe, expect, it } from '@jest/globals';
import { alignedX, columnWidths } from './rtl-writer';

describe('placing right-to-left lines', () => {
  const box = { right: 500, width: 200 };

  it('starts a right-aligned line its width left of the right edge (the default)', () => {
    expect(alignedX(box, 80)).toBe(420);
    expect(alignedX(box, 80, 'right')).toBe(420);
  });

  it('centres a line in its box and starts a left-aligned one at the box’s left edge', () => {
    expect(alignedX(box, 80, 'center')).toBe(360);
    expect(alignedX(box, 80, 'left')).toBe(300);
  });

  it('shares a table’s width between columns by their weights', () => {
    expect(columnWidths([3, 2], 500)).toEqual([300, 200]);
    expect(columnWidths([1, 1, 2], 100)).toEqual([25, 25, 50]);
  });
});
