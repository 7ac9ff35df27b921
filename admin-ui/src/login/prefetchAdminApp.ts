/** The meta tag the login build writes: the admin app's start files (vite.login.config.ts). */
const ASSETS_META = 'meta[name="admin-app-assets"]';

/**
 * Fetches the admin app's start files at the lowest priority once the login page has loaded and the
 * browser is idle: while the person types, the admin arrives in the cache, and it opens at once after
 * signing in instead of downloading react-admin then.
 */
export function prefetchAdminApp(): void {
  const urls = document.querySelector(ASSETS_META)?.getAttribute('content')?.split(/\s+/).filter(Boolean) ?? [];
  if (urls.length === 0) return;
  const fetchAll = () => {
    for (const href of urls) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      // As the admin's own <script type="module" crossorigin> will ask for it, so the cached copy is used.
      link.crossOrigin = 'anonymous';
      document.head.appendChild(link);
    }
  };
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(fetchAll, { timeout: 3000 })
      : window.setTimeout(fetchAll, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
