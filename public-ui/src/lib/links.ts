/**
 * Addresses outside this single-page site. APP_STORE_URL is a seam: set it to the store listing
 * once the native app is published.
 */
export const APP_STORE_URL = '#';

/** The admin app is a separate application: link to it with a plain <a>, not the router. */
export const ADMIN_LOGIN_URL = '/admin/login';

/** In-page anchors of the home page. */
export const HOME_SECTIONS = {
  home: 'home',
  services: 'services',
  howItWorks: 'how-it-works',
  requestForm: 'request-form',
  contact: 'contact',
} as const;

export type HomeSection = (typeof HOME_SECTIONS)[keyof typeof HOME_SECTIONS];
