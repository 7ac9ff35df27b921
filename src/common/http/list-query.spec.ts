import { describe, expect, it } from '@jest/globals';
import { DomainException } from '../errors/domain.exception';
import { parseListQuery } from './list-query';

const spec = {
  resource: 'things',
  sortable: ['createdAt', 'name'] as const,
  defaultSort: { field: 'createdAt' as const, order: 'DESC' as const },
  filterable: ['status', 'q'] as const,
  maxPageSize: 50,
};

function errorOf(fn: () => unknown): DomainException {
  try {
    fn();
  } catch (e) {
    return e as DomainException;
  }
  throw new Error('expected a DomainException');
}

describe('parseListQuery', () => {
  it('uses the default sort and first page when nothing is sent', () => {
    expect(parseListQuery(spec, {})).toEqual({ sort: { field: 'createdAt', order: 'DESC' }, skip: 0, take: 25, filter: {} });
  });

  it('reads react-admin sort, inclusive range and filter', () => {
    const q = parseListQuery(spec, { sort: '["name","ASC"]', range: '[25,49]', filter: '{"status":"received","q":"محمد"}' });
    expect(q).toEqual({ sort: { field: 'name', order: 'ASC' }, skip: 25, take: 25, filter: { status: 'received', q: 'محمد' } });
  });

  it.each([
    ['sort', { sort: '["password","ASC"]' }],
    ['sort', { sort: '["name","UP"]' }],
    ['sort', { sort: 'name' }],
    ['range', { range: '[10,5]' }],
    ['range', { range: '[0,500]' }],
    ['range', { range: '[-1,3]' }],
    ['range', { range: '[0,1e400]' }],
    ['filter', { filter: '{"secret":1}' }],
    ['filter', { filter: '{"status":{"$ne":1}}' }],
    ['filter', { filter: '[1]' }],
    ['filter', { filter: JSON.stringify({ q: 'a\u0000b' }) }],
    ['filter', { filter: JSON.stringify({ q: 'a\ud800b' }) }],
  ])('answers 400 naming %s for %j', (param, raw) => {
    const error = errorOf(() => parseListQuery(spec, raw));
    expect(error).toBeInstanceOf(DomainException);
    expect(error.status).toBe(400);
    expect(Object.keys(error.options.errors ?? {})).toEqual([param]);
    expect(error.message).toMatch(/[\u0600-\u06FF]/);
  });
});
