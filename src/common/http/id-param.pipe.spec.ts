import { describe, expect, it } from '@jest/globals';
import { DomainException } from '../errors/domain.exception';
import { idParam, MAX_ID } from './id-param.pipe';

const pipe = idParam('رقم الطلب غير صحيح');
const parse = (value: unknown, name = 'id') => pipe.transform(value, { type: 'param', data: name });

describe('IdParamPipe', () => {
  it('reads plain positive digits up to the int4 maximum', () => {
    expect(parse('1')).toBe(1);
    expect(parse('42')).toBe(42);
    expect(parse(String(MAX_ID))).toBe(2_147_483_647);
  });

  it.each([
    '0',
    '-1',
    '01',
    '1e3',
    '0x10',
    '1.0',
    ' 1',
    '1 ',
    '+1',
    '',
    'abc',
    '2147483648',
    '9999999999',
    '123456789012345678901234567890',
  ])('refuses %p with 400 naming the parameter in Arabic', (value) => {
    let thrown: unknown;
    try {
      parse(value, 'alertId');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainException);
    const e = thrown as DomainException;
    expect([e.status, e.code, e.message]).toEqual([400, 'VALIDATION_FAILED', 'رقم الطلب غير صحيح']);
    expect(e.options.errors).toEqual({ alertId: 'رقم الطلب غير صحيح' });
  });

  it('refuses a value that is not text (a path parameter always is)', () => {
    expect(() => parse(5)).toThrow(DomainException);
    expect(() => parse(undefined)).toThrow(DomainException);
  });
});
