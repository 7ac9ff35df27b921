import { describe, expect, it } from '@jest/globals';
import { DomainException } from './domain.exception';
import { ERROR_MESSAGES } from './error-codes';

describe('DomainException.validation', () => {
  it("says a single field's reason as its message, so a toast without fields says why", () => {
    const error = DomainException.validation({ name: 'هذا الحي موجود في المنطقة' });
    expect(error.message).toBe('هذا الحي موجود في المنطقة');
    expect(error.options.errors).toEqual({ name: 'هذا الحي موجود في المنطقة' });
    expect(error.status).toBe(400);
  });

  it('keeps the general sentence for several fields, and a message given', () => {
    expect(DomainException.validation({ a: 'أ', b: 'ب' }).message).toBe(ERROR_MESSAGES.VALIDATION_FAILED);
    expect(DomainException.validation({ label: 'مطلوب' }, 'يرجى ملء جميع الحقول المطلوبة').message).toBe('يرجى ملء جميع الحقول المطلوبة');
  });
});
