import type { Route } from 'playwright-core';

/**
 * Failures the real server cannot be made to give, brought by the browser's network layer: a proxy's
 * own page while the api is down (no JSON, English words the screen must not show), or no connection.
 */
export const proxyDown =
  (status = 503) =>
  (route: Route) =>
    route.fulfill({ status, contentType: 'text/html', body: `<html><body><h1>${status} Bad Gateway</h1></body></html>` });

/** What the admin says of a proxy's 503 page and of a lost connection (errors.server, errors.network). */
export const SERVER_DOWN = 'خطأ في الخادم: 503. حاول مرة أخرى بعد قليل.';
export const OFFLINE = 'تعذّر الاتصال بالخادم. تحقّق من اتصالك بالشبكة ثم حاول مرة أخرى.';
