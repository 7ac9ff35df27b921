import { PASSWORD_MIN_LENGTH } from '@shared/constants';

/**
 * Checks of the dashboard's password change (spec: admin-side section 5), as translation keys:
 * at least 6 characters, a confirmation, and the two equal.
 */
export function passwordChangeProblems(newPassword: string, confirmation: string): { newPassword?: string; confirmation?: string } {
  const problems: { newPassword?: string; confirmation?: string } = {};
  if ([...newPassword].length < PASSWORD_MIN_LENGTH) problems.newPassword = 'app.cards.password.too_short';
  if (!confirmation) problems.confirmation = 'app.cards.password.confirm_required';
  else if (confirmation !== newPassword) problems.confirmation = 'app.cards.password.mismatch';
  return problems;
}

/** Live hint under the confirmation: nothing until something is typed, then match or mismatch. */
export function passwordMatchHint(newPassword: string, confirmation: string): 'match' | 'mismatch' | null {
  if (!confirmation) return null;
  return confirmation === newPassword ? 'match' : 'mismatch';
}
