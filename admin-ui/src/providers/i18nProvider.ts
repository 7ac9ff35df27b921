import polyglotI18nProvider from 'ra-i18n-polyglot';
import { ar } from '../i18n/ar';

/** Arabic only: polyglot's 'ar' locale selects the six Arabic plural forms used in ar.ts. */
export const i18nProvider = polyglotI18nProvider(() => ar, 'ar', [{ locale: 'ar', name: 'العربية' }]);
