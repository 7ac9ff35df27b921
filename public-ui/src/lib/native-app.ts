/** Whether the page runs inside the charity's native app wrapper (a React Native WebView). */

const IN_APP_SESSION_KEY = 'yanbu-food:in-app';

declare global {
  interface Window {
    ReactNativeWebView?: unknown;
  }
}

function readInApp(): boolean {
  if (typeof window === 'undefined') return false;
  if (window.ReactNativeWebView !== undefined) return true;
  if (/YanbuFoodApp/i.test(window.navigator.userAgent)) return true;
  try {
    if (new URLSearchParams(window.location.search).get('app') === '1') {
      // Remember it for the rest of the visit: in-site links drop the query string.
      window.sessionStorage.setItem(IN_APP_SESSION_KEY, '1');
      return true;
    }
    return window.sessionStorage.getItem(IN_APP_SESSION_KEY) === '1';
  } catch {
    return false;
  }
}

/** Computed once when the site loads. */
export const isInNativeApp: boolean = readInApp();
