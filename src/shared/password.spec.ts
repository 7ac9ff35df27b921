import { describe, expect, it } from '@jest/globals';
import { isCommonPassword, PASSWORD_MESSAGES, passwordConfirmationProblem, passwordProblem } from './password';

describe('password rules', () => {
  it('requires a password of at least 6 characters', () => {
    expect(passwordProblem('')).toBe(PASSWORD_MESSAGES.required);
    expect(passwordProblem(undefined)).toBe(PASSWORD_MESSAGES.required);
    expect(passwordProblem('Ab1$x')).toBe('كلمة المرور يجب أن تكون 6 أحرف على الأقل');
    expect(passwordProblem('Ab1$xY')).toBeNull();
  });

  it('counts Arabic letters as characters', () => {
    expect(passwordProblem('سلام٢٠')).toBeNull();
    expect(passwordProblem('سلام')).toBe(PASSWORD_MESSAGES.tooShort);
  });

  it('refuses the most common passwords whatever their case', () => {
    expect(isCommonPassword('Password')).toBe(true);
    expect(passwordProblem('123456')).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(passwordProblem('QWERTY')).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(passwordProblem('Nakheel-Yanbu-7')).toBeNull();
  });

  it('refuses very long passwords', () => {
    expect(passwordProblem('x'.repeat(129))).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('checks the confirmation', () => {
    expect(passwordConfirmationProblem('abcdefg1', '')).toBe('يجب تأكيد كلمة المرور');
    expect(passwordConfirmationProblem('abcdefg1', 'abcdefg2')).toBe('كلمات المرور غير متطابقة');
    expect(passwordConfirmationProblem('abcdefg1', 'abcdefg1')).toBeNull();
  });
});
