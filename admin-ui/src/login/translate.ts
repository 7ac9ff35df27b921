import { loginAr, passwordToggleAr } from '../i18n/ar-login';
import type { Translate } from '../pages/login/loginKit';

/** The keys the login's steps use, as they sit in the admin's catalogue (ar.ts spreads the same objects). */
const catalogue = { app: loginAr, ra: { input: { password: passwordToggleAr } } };

/**
 * The admin catalogue's translate without react-admin (its polyglot does the same for these keys):
 * a dotted key, `%{name}` interpolations, and `_` (or the key itself) when the catalogue lacks it.
 */
export const translate: Translate = (key, options = {}) => {
  let value: unknown = catalogue;
  for (const part of key.split('.')) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  const text = typeof value === 'string' ? value : typeof options._ === 'string' ? options._ : key;
  return text.replace(/%\{(\w+)\}/g, (whole, name: string) => (name in options ? String(options[name]) : whole));
};
