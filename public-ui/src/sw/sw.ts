/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { LOOKUP_PATHS, OFFLINE_SHELL_PATH, PAGES_CACHE, SW_NAVIGATION_DENYLIST } from './routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/**
 * The public site's service worker (built by vite-plugin-pwa's injectManifest with Workbox):
 * - the shell (scripts, styles, fonts, icons and a plain page that renders from nothing) is precached;
 * - pages are network first: the server fills each pre-rendered page with the current content, and a
 *   page hydrates only against its own HTML, so a cached copy of the same address is used only when
 *   the network fails, else the plain shell (never another page's HTML);
 * - the form's look-ups are stale-while-revalidate: the form opens at once, offline too.
 */
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

// A new version's scripts would not match the pages an older one kept: its pages go with it.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(PAGES_CACHE));
});

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: 8,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 7 * 24 * 3600 })],
});

registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch {
        return (await matchPrecache(OFFLINE_SHELL_PATH)) ?? Response.error();
      }
    },
    { denylist: SW_NAVIGATION_DENYLIST },
  ),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && LOOKUP_PATHS.includes(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'lookups', plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
);
