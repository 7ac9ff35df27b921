import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ar } from '../i18n/ar';

const polyglot = polyglotI18nProvider(() => ar, 'ar', [{ locale: 'ar', name: 'العربية' }]);

/** A message key is dotted ASCII (`app.menu.label`); anything else is text someone already translated. */
const MESSAGE_KEY = /^[A-Za-z0-9_.-]+$/;

/**
 * Arabic only: polyglot's 'ar' locale selects the six Arabic plural forms used in ar.ts. react-admin
 * also passes labels it was given as text through translate (the user menu's label, with the English
 * default 'Profile'): text that is not a key is shown as it is, never replaced by an English default.
 */
export const i18nProvider = {
  ...polyglot,
  translate: (key: string, options?: Record<string, unknown>) => (MESSAGE_KEY.test(key) ? polyglot.translate(key, options) : key),
};
