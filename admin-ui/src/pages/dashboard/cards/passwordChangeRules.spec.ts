import { describe, expect, it } from '@jest/globals';
import { passwordChangeProblems, passwordMatchHint } from './passwordChangeRules';

describe('passwordChangeProblems', () => {
  it('needs 6 characters, a confirmation and a match', () => {
    expect(passwordChangeProblems('12345', '')).toEqual({
      newPassword: 'app.cards.password.too_short',
      confirmation: 'app.cards.password.confirm_required',
    });
    expect(passwordChangeProblems('abcdef', 'abcdeg')).toEqual({ confirmation: 'app.cards.password.mismatch' });
    expect(passwordChangeProblems('abcdef', 'abcdef')).toEqual({});
  });
});

describe('passwordMatchHint', () => {
  it('says nothing before the confirmation is typed, then match or mismatch', () => {
    expect(passwordMatchHint('abcdef', '')).toBeNull();
    expect(passwordMatchHint('abcdef', 'abc')).toBe('mismatch');
    expect(passwordMatchHint('abcdef', 'abcdef')).toBe('match');
  });
});
