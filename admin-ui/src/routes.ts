import { PUBLIC_ROUTES } from '@shared/public-routes';

/**
 * Every admin route in one place (spec: admin-side section 2). Paths are relative to the admin's
 * basename; `adminUrl()` gives the absolute URL for plain links (the router is mounted at the site
 * root so that react-admin's basename is the only prefix).
 */
export const ADMIN_BASENAME = '/admin';

export const ROUTES = {
  login: '/login',
  passwordReset: '/password-reset',
  dashboard: '/dashboard',
  settings: '/main',
  requests: '/requests',
  deletedRequests: '/deleted-requests',
  pickups: '/pickups',
  volunteers: '/volunteers',
  statistics: '/statistics',
  homepageStatistics: '/homepage-statistics',
  impactReports: '/impact-reports',
  certificates: '/certificates',
  contentEdit: '/content-edit',
  locations: '/locations',
  autoResponse: '/whatsapp-auto-response',
  autoResponseAlias: '/auto-response-management',
  quickMessages: '/quick-messages',
  /** The stickers resource; the spec's /admin/sticker-management forwards to it. */
  stickers: '/stickers',
  stickersAlias: '/sticker-management',
  governanceCards: '/governance-cards',
  loginAttempts: '/login-attempts',
  securityAlerts: '/security-alerts',
  emergencyCodes: '/emergency-codes',
} as const;

export type AdminRoute = (typeof ROUTES)[keyof typeof ROUTES];

/** Absolute URL of an admin route, e.g. adminUrl(ROUTES.dashboard) === '/admin/dashboard'. */
export function adminUrl(route: AdminRoute | `${AdminRoute}?${string}`): string {
  return `${ADMIN_BASENAME}${route}`;
}

/** Pages of the public site that the admin links to (opened in a new tab). */
export const PUBLIC_LINKS = {
  home: PUBLIC_ROUTES.home,
  governance: PUBLIC_ROUTES.governance,
} as const;
