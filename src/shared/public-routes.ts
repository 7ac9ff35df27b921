/**
 * The public site's routes, shared by the React router and the server: the server answers 200 with
 * the site for these paths and 404 (with the site's 404 page) for any other path outside /api and /admin.
 */
export const PUBLIC_ROUTES = {
  home: '/',
  blocked: '/blocked',
  impact: '/impact/:shareToken',
  /** The host's own page, from the link in their WhatsApp messages. */
  hostPage: '/r/:token',
  /** The volunteer's own page (their pickups), from the link the charity sends them on WhatsApp. */
  volunteerPage: '/t/:token',
  privacy: '/privacy-policy',
  terms: '/terms-of-service',
  governance: '/governance',
  about: '/about',
  contact: '/contact',
  /** A thank-you certificate's public check (the address its QR code holds). */
  verify: '/v/:code',
} as const;

const patterns: RegExp[] = Object.values(PUBLIC_ROUTES).map(
  (route) => new RegExp('^' + route.replace(/:[A-Za-z]+/g, '[A-Za-z0-9_-]{1,128}') + '/?$'),
);

/** True when the public site has a page for this path (query string and hash ignored). */
export function isKnownPublicPath(path: string): boolean {
  const clean = path.split(/[?#]/)[0] || '/';
  return patterns.some((p) => p.test(clean));
}

/**
 * The plain shell of the public site (the app renders from nothing), served under this address for the
 * service worker, which keeps it as the offline answer for a page it never kept.
 */
export const OFFLINE_SHELL_PATH = '/offline.html';

/** The folder of the public build holding the pre-rendered pages (templates the server fills). */
export const PRERENDERED_PAGES_DIR = 'pages';

/** The pre-rendered page's file name for a route: '/' is index.html, '/about' about.html. */
export function prerenderedPageFile(route: string): string {
  const name = route.replace(/^\/+|\/+$/g, '').replace(/\//g, '_');
  return `${name || 'index'}.html`;
}
