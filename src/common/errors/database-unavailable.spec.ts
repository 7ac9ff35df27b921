import { describe, expect, it } from '@jest/globals';
import { isDatabaseUnavailable } from './database-unavailable';

describe('isDatabaseUnavailable', () => {
  it('recognises a refused or dropped connection, directly or wrapped by TypeORM', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(
      isDatabaseUnavailable({
        message: 'Query failed',
        driverError: { code: '57P01', message: 'terminating connection due to administrator command' },
      }),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'all failed'))).toBe(true);
  });

  it('leaves real statement errors alone (a bug is a 500, not a "try again")', () => {
    expect(isDatabaseUnavailable({ message: 'duplicate key', driverError: { code: '23505' } })).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
