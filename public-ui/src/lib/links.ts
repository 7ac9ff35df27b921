/**
 * The native app's store listing, set at build time (VITE_APP_STORE_URL) once the app is published.
 * Until then it is null and the download banner is not shown (a link to nowhere helps nobody).
 */
export const APP_STORE_URL: string | null = storeUrl((import.meta.env as Record<string, string | undefined>).VITE_APP_STORE_URL);

function storeUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}

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

/** The admin dashboard, where the site block is lifted (a separate app: plain <a>). */
export const ADMIN_DASHBOARD_URL = '/admin';
