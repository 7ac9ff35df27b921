// Password rules shared by the server and the admin app (spec 5: at least 6 characters; decisions.md:
// the most common passwords are refused).
import { PASSWORD_MIN_LENGTH } from './constants';

export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  required: 'يرجى إدخال كلمة المرور',
  tooShort: 'كلمة المرور يجب أن تكون 6 أحرف على الأقل',
  tooLong: 'كلمة المرور أطول من المسموح (128 حرفاً كحد أقصى)',
  tooCommon: 'كلمة المرور هذه شائعة وسهلة التخمين، يرجى اختيار كلمة مرور أقوى',
  confirmRequired: 'يجب تأكيد كلمة المرور',
  mismatch: 'كلمات المرور غير متطابقة',
} as const;

/** The most used passwords of public breach lists, plus local favourites; compared lower-cased. */
const COMMON_PASSWORDS = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '654321',
  '987654321',
  '111111',
  '000000',
  '222222',
  '333333',
  '555555',
  '666666',
  '777777',
  '888888',
  '999999',
  '121212',
  '112233',
  '123123',
  '123321',
  '147258',
  '159753',
  '123qwe',
  'qwe123',
  'abc123',
  'abcdef',
  'abcd1234',
  'a123456',
  'aa123456',
  '1q2w3e',
  '1q2w3e4r',
  'qwerty',
  'qwerty123',
  'qwertyuiop',
  'asdfgh',
  'asdfghjkl',
  'zxcvbn',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'iloveyou',
  'admin123',
  'admin1234',
  'administrator',
  'welcome',
  'welcome1',
  'letmein',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'master',
  'shadow',
  'superman',
  'michael',
  'trustno1',
  'secret',
  'changeme',
  'default',
  'test123',
  'testtest',
  'computer',
  'internet',
  'charity',
  'yanbu123',
  'saudi123',
  'ksa123',
  'riyadh',
  'mohammed',
  'muhammad',
  'bismillah',
]);

/** True when the password is on the common-password list (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}

/** The Arabic reason a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: unknown): string | null {
  if (typeof password !== 'string' || password.length === 0) return PASSWORD_MESSAGES.required;
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.tooCommon;
  return null;
}

/** The confirmation rule of the dashboard card: required, then equal. */
export function passwordConfirmationProblem(password: string, confirmation: string): string | null {
  if (!confirmation) return PASSWORD_MESSAGES.confirmRequired;
  return password === confirmation ? null : PASSWORD_MESSAGES.mismatch;
}
