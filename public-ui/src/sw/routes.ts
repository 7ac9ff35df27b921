/** What the service worker does with which address (imported by the worker and by the page). */
export { OFFLINE_SHELL_PATH } from '@shared/public-routes';

export const PAGES_CACHE = 'pages';

/** The request form's look-ups, kept stale-while-revalidate. */
export const LOOKUP_PATHS: readonly string[] = ['/api/dropdown-options', '/api/simple-location-options', '/api/content'];

/** Navigations the worker leaves alone: the admin app, the API (downloads) and the metrics. */
export const SW_NAVIGATION_DENYLIST: RegExp[] = [/^\/admin(\/|$)/, /^\/api\//, /^\/metrics$/];

export const SERVICE_WORKER_URL = '/sw.js';
