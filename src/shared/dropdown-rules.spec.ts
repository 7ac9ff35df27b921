import { describe, expect, it } from '@jest/globals';
import { addEntry, normaliseList, valueForLabel } from './dropdown-rules';

describe('dropdown list rules', () => {
  it('trims a new entry and ignores empty and duplicate ones', () => {
    expect(addEntry(['دجاج'], '  حلويات ')).toEqual(['دجاج', 'حلويات']);
    expect(addEntry(['دجاج'], '   ')).toEqual(['دجاج']);
    expect(addEntry(['دجاج'], ' دجاج')).toEqual(['دجاج']);
    expect(addEntry([], 'رز   ولحم')).toEqual(['رز ولحم']);
  });

  it('normalises a whole list keeping its order', () => {
    expect(normaliseList([' خبز', '', 'تمور', 'خبز ', 'فواكه'])).toEqual(['خبز', 'تمور', 'فواكه']);
  });

  it('gives a label one stable value', () => {
    expect(valueForLabel('معجنات')).toBe(valueForLabel('معجنات'));
    expect(valueForLabel('معجنات')).not.toBe(valueForLabel('حلويات'));
    expect(valueForLabel('معجنات')).toMatch(/^opt_[0-9a-z]+$/);
  });
});
