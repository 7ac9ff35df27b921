import { describe, expect, it } from '@jest/globals';
import { resetConfirmProblems } from './resetRules';

describe('resetConfirmProblems', () => {
  it('asks for the code, a 6-character password and a matching confirmation', () => {
    expect(resetConfirmProblems({ verificationCode: ' ', newPassword: '12345', confirmPassword: '1234' })).toEqual({
      verificationCode: 'app.password_reset.code_required',
      newPassword: 'app.password_reset.password_too_short',
      confirmPassword: 'app.password_reset.password_mismatch',
    });
  });

  it('accepts exactly six characters with the same confirmation', () => {
    expect(resetConfirmProblems({ verificationCode: '123456', newPassword: 'كلمةسر', confirmPassword: 'كلمةسر' })).toEqual({});
  });
});
