import { SERVICE_WORKER_URL } from '../sw/routes';

/**
 * Registers the public site's service worker (src/sw/sw.ts) once the page has loaded, so installing it
 * and filling its cache never compete with the first paint. Production builds only: the development
 * server has no built worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => {
      // No worker (a private window, storage refused): the site works as before, online only.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
