import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page, Response } from 'playwright-core';
import { launchChromium, openSignedIn, VIEWPORTS, quiet } from '../support/browser';
import { signInAdmin } from '../support/admin-session';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/** What a first visit costs on a phone: the script bytes Chromium really receives (compressed), per app. */
// The admin login is a page of its own without react-admin (login.html, drawn at build time): 117 KB
// when set, no MUI TextField (its Select and Menu) and only the login's catalogue. The admin app
// itself loads no screen, chart or calendar before it is opened (lazy screens, their own chunks).
const BUDGET_KB = { public: 150, login: 130, admin: 380 };

interface Download {
  url: string;
  bytes: number;
  encoding: string | undefined;
}

/** Collects every script response of a page with the bytes received for its body (after compression). */
function watchScripts(page: Page): () => Promise<Download[]> {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  return async () =>
    Promise.all(
      responses.map(async (response) => ({
        url: new URL(response.url()).pathname,
        bytes: (await response.request().sizes()).responseBodySize,
        encoding: (await response.allHeaders())['content-encoding'],
      })),
    );
}

const kb = (downloads: Download[]) => downloads.reduce((sum, d) => sum + d.bytes, 0) / 1024;

describe('what a browser downloads', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  // One administrator's session for the file.
  let session: Promise<{ token: string }> | undefined;
  const budgetAdmin = () => (session ??= signInAdmin(t.app, 'budget-admin'));

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:budget-e2e` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it(`loads the public home page with at most ${BUDGET_KB.public} KB of script, compressed`, async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    const scripts = watchScripts(page);
    await page.goto(base + '/');
    await quiet(page);
    const home = await scripts();
    expect(home.length).toBeGreaterThan(0);
    expect(home.every((d) => d.encoding === 'br')).toBe(true);
    // The calendar and the map come when the visitor opens them, not with the page.
    // (By the chunks' component names: the «calendar-days» icon's own tiny chunk is not the calendar.)
    expect(home.some((d) => /\/assets\/(Calendar|MapPicker)-/.test(d.url) || /leaflet/i.test(d.url))).toBe(false);
    process.stdout.write(`public home: ${home.length} scripts, ${kb(home).toFixed(1)} KB received\n`);
    expect(kb(home)).toBeLessThanOrEqual(BUDGET_KB.public);
    await page.close();
  });

  it(`loads the admin login with at most ${BUDGET_KB.login} KB of script, compressed, then fetches the admin app while idle`, async () => {
    // Every page opens its own context: nothing comes from a cache.
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    const scripts = watchScripts(page);
    const prefetched: string[] = [];
    // Once the page is idle, the admin app's entry and react-admin come at the lowest priority (waited
    // on as those requests, not on time).
    const entry = /\/admin\/assets\/index-[\w-]+\.js$/;
    const bothPrefetched = () => prefetched.some((u) => entry.test(u)) && prefetched.some((u) => /react-admin-/.test(u));
    let prefetchDone!: () => void;
    const prefetchSeen = new Promise<void>((resolve) => (prefetchDone = resolve));
    page.on('request', (request) => {
      if (request.headers()['sec-purpose']?.startsWith('prefetch')) prefetched.push(new URL(request.url()).pathname);
      if (bothPrefetched()) prefetchDone();
    });
    await page.goto(base + '/admin/login');
    await quiet(page);
    await page.getByRole('heading', { level: 1, name: 'تسجيل دخول المشرفين' }).waitFor();
    const login = (await scripts()).filter((d) => !prefetched.includes(d.url));
    expect(login.length).toBeGreaterThan(0);
    expect(login.every((d) => d.encoding === 'br')).toBe(true);
    // None of react-admin: the login's own build.
    expect(login.some((d) => /react-admin|\/index-/.test(d.url))).toBe(false);
    process.stdout.write(`admin login: ${login.length} scripts, ${kb(login).toFixed(1)} KB received\n`);
    expect(kb(login)).toBeLessThanOrEqual(BUDGET_KB.login);

    // … the admin app's entry and react-admin, prefetched (within 10 s, as before) …
    let ceiling: NodeJS.Timeout | undefined;
    await Promise.race([prefetchSeen, new Promise((resolve) => (ceiling = setTimeout(resolve, 10_000)))]);
    clearTimeout(ceiling);
    expect(prefetched.some((u) => entry.test(u))).toBe(true);
    expect(prefetched.some((u) => /\/admin\/assets\/react-admin-[\w-]+\.js$/.test(u))).toBe(true);
    await quiet(page);

    // … so that, signed in, the admin opens from the cache: no script of its start is fetched again
    // (a cached answer reports no body bytes received).
    const fetchedAgain: string[] = [];
    page.on('response', (response) => {
      if (
        prefetched.includes(new URL(response.url()).pathname) &&
        !response.fromServiceWorker() &&
        response.request().resourceType() === 'script'
      ) {
        void response
          .request()
          .sizes()
          .then((sizes) => sizes.responseBodySize > 0 && fetchedAgain.push(response.url()));
      }
    });
    const { token } = await budgetAdmin();
    await page.evaluate(
      ([value, expiry]) => {
        localStorage.setItem('adminToken', value);
        localStorage.setItem('adminUser', JSON.stringify({ username: 'budget-admin', role: 'admin' }));
        localStorage.setItem('tokenExpiry', expiry);
      },
      [token, new Date(Date.now() + 3_600_000).toISOString()] as const,
    );
    await page.goto(base + '/admin/dashboard');
    await quiet(page);
    await page.getByText('روابط سريعة').first().waitFor();
    expect(fetchedAgain).toEqual([]);
    await page.close();
  });

  it(`opens the admin signed in with at most ${BUDGET_KB.admin} KB of script, compressed`, async () => {
    const { token } = await budgetAdmin();
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    const scripts = watchScripts(page);
    await openSignedIn(page, base, { token, username: 'budget-admin' }, '/admin/dashboard');
    await page.getByText('روابط سريعة').first().waitFor();
    const admin = await scripts();
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.every((d) => d.encoding === 'br')).toBe(true);
    process.stdout.write(`admin dashboard: ${admin.length} scripts, ${kb(admin).toFixed(1)} KB received\n`);
    expect(kb(admin)).toBeLessThanOrEqual(BUDGET_KB.admin);
    await page.close();
  });
});
