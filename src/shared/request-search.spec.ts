import { describe, expect, it } from '@jest/globals';
import { parseRequestSearch } from './request-search';

describe('parseRequestSearch', () => {
  it.each([
    ['#1024', { id: 1024 }],
    [' 1024 ', { id: 1024 }],
    ['١٠٢٤', { id: 1024 }],
    ['0551234567', { phone: '0551234567' }],
    ['+966 55 123 4567', { phone: '0551234567' }],
    ['٠٥٥١٢٣٤٥٦٧', { phone: '0551234567' }],
    ['محمد', { text: 'محمد' }],
    ['99999999999999', { text: '99999999999999' }],
  ])('reads %j', (raw, expected) => {
    expect(parseRequestSearch(raw)).toEqual(expected);
  });

  it('ignores an empty box', () => {
    expect(parseRequestSearch('   ')).toBeNull();
  });
});
