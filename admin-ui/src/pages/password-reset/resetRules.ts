import { PASSWORD_MIN_LENGTH } from '@shared/constants';

export interface ResetConfirmValues {
  verificationCode: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Checks of the reset's second step (spec: admin-side section 5), as translation keys per field:
 * the code is required, the new password has at least 6 characters, the confirmation matches.
 */
export function resetConfirmProblems(values: ResetConfirmValues): Partial<Record<keyof ResetConfirmValues, string>> {
  const problems: Partial<Record<keyof ResetConfirmValues, string>> = {};
  if (!values.verificationCode.trim()) problems.verificationCode = 'app.password_reset.code_required';
  if ([...values.newPassword].length < PASSWORD_MIN_LENGTH) problems.newPassword = 'app.password_reset.password_too_short';
  if (values.confirmPassword !== values.newPassword) problems.confirmPassword = 'app.password_reset.password_mismatch';
  return problems;
}
