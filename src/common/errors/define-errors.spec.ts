import { describe, expect, it } from '@jest/globals';
import { DomainException } from './domain.exception';
import { defineErrors } from './define-errors';

describe('defineErrors', () => {
  it('builds exceptions with the declared status, code and Arabic message', () => {
    const Errors = defineErrors({ SPEC_ONLY_GONE: { status: 410, message: 'لم يعد متاحاً' } });
    const error = Errors.SPEC_ONLY_GONE();
    expect(error).toBeInstanceOf(DomainException);
    expect([error.status, error.code, error.message]).toEqual([410, 'SPEC_ONLY_GONE', 'لم يعد متاحاً']);
    expect(Errors.SPEC_ONLY_GONE('نص آخر').message).toBe('نص آخر');
  });

  it('refuses one code with two HTTP statuses', () => {
    defineErrors({ SPEC_ONLY_TWICE: { status: 400, message: 'أ' } });
    expect(() => defineErrors({ SPEC_ONLY_TWICE: { status: 503, message: 'ب' } })).toThrow(/SPEC_ONLY_TWICE/);
  });
});
