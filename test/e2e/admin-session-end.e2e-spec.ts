import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { resetAdmin, setLoginVerification } from '../support/admin-accounts';
import { signInAdmin } from '../support/admin-session';
import { launchChromium, signedInPage, VIEWPORTS, quiet } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/** A session the server ended while the admin was open, in Chromium against the real server. */
describe('an administrator whose session the server ended', () => {
  let t: TestApp;
  let db: DataSource;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:session-end` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    browser = await launchChromium();
  });
  afterEach(async () => {
    // Other files share the database: leave the code step on.
    await setLoginVerification(db, true);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  // What the login page says about the session that ended (admin-ui i18n: app.auth.session_*_hint).
  const EXPIRED_HINT = 'انتهت صلاحية جلستك لحمايتك. يرجى تسجيل الدخول مجددًا.';
  const REJECTED_HINT = 'لم يقبل الخادم جلستك الحالية. يرجى تسجيل الدخول مجددًا.';
  const verifyToken = (token: string | null) => t.http.get('/api/auth/verify').set('authorization', `Bearer ${token ?? ''}`);

  it('returns to the login page, says why, and signing in again returns to the page asked for', async () => {
    const { token } = await signInAdmin(t.app, 'ended-session');
    const page = await signedInPage(browser, base, { token, username: 'ended-session' }, VIEWPORTS.desktop, '/admin/dashboard');
    await page.getByTestId('site-block-state').waitFor();
    await t.http.post('/api/auth/logout').set('authorization', `Bearer ${token}`).expect(200);
    await page.goto(base + '/admin/main');
    await quiet(page);
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => [localStorage.getItem('adminToken'), localStorage.getItem('tokenExpiry')])).toEqual([null, null]);

    // The admin app's own login (no page load): it says why, and signing in again returns to the page asked for.
    await page.getByText(REJECTED_HINT).waitFor();
    await resetAdmin(db, 'ended-session', 'back-again');
    await setLoginVerification(db, false);
    await page.locator('input[name="username"]').fill('ended-session');
    await page.locator('input[name="password"]').fill('back-again');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL('**/admin/main');
    await verifyToken(await page.evaluate(() => localStorage.getItem('adminToken'))).expect(200);
    await page.close();
  });
  /** A tab holding the given storage items before the admin loads. */
  async function tabWith(items: Record<string, string>) {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    await page.addInitScript((stored) => {
      if (sessionStorage.getItem('e2e-stored')) return;
      sessionStorage.setItem('e2e-stored', '1');
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    }, items);
    return page;
  }
  const stored = (page: Page) => page.evaluate(() => ['adminToken', 'adminUser', 'tokenExpiry'].map((key) => localStorage.getItem(key)));

  it('sends a tab with no stored session, an incomplete or an expired one to the login page, clearing all three items', async () => {
    const { token } = await signInAdmin(t.app, 'stale-session');
    const user = JSON.stringify({ username: 'stale-session', role: 'admin' });

    // Nothing stored (a first visit): the login page, with no word of an ended session.
    const tab = await tabWith({});
    await tab.goto(base + '/admin/dashboard');
    await tab.waitForURL('**/admin/login');
    await tab.locator('input[name="username"]').waitFor();
    expect(await tab.getByText(EXPIRED_HINT).count()).toBe(0);
    expect(await tab.getByText(REJECTED_HINT).count()).toBe(0);
    expect(await stored(tab)).toEqual([null, null, null]);

    // Two of the three items missing, stored in the same tab before it opens another admin page: all removed.
    // (Every incomplete combination is admin-ui/src/providers/session.spec.ts's.)
    await tab.evaluate((kept) => Object.entries(kept).forEach(([key, value]) => localStorage.setItem(key, value)), { adminToken: token });
    await tab.goto(base + '/admin/requests');
    await tab.waitForURL('**/admin/login');
    expect(await stored(tab)).toEqual([null, null, null]);

    // All three, the expiry a minute ago: the login page says the session ended to protect the account.
    await tab.evaluate((kept) => Object.entries(kept).forEach(([key, value]) => localStorage.setItem(key, value)), {
      adminToken: token,
      adminUser: user,
      tokenExpiry: new Date(Date.now() - 60_000).toISOString(),
    });
    await tab.goto(base + '/admin/main');
    await quiet(tab);
    await tab.waitForURL('**/admin/login');
    await tab.getByText(EXPIRED_HINT).waitFor();
    expect(await stored(tab)).toEqual([null, null, null]);
    await tab.close();
  });

  it('opens /admin on the dashboard, and the 30-second check ends a session whose time is up while it is open', async () => {
    const { token } = await signInAdmin(t.app, 'timed-session');
    const page = await tabWith({
      adminToken: token,
      adminUser: JSON.stringify({ username: 'timed-session', role: 'admin' }),
      tokenExpiry: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await page.clock.install();
    await page.goto(base + '/admin');
    await quiet(page);
    await page.waitForURL('**/admin/dashboard');
    await page.getByText('مرحبًا، timed-session').waitFor();
    // On to a page that asks the server nothing by itself (the dashboard also polls the server every 30 s):
    // only the admin's own re-check of the stored session remains.
    await page.getByRole('region', { name: 'روابط سريعة' }).getByRole('link', { name: 'أرقام الصفحة الرئيسية' }).click();
    await page.getByRole('heading', { level: 1, name: 'أرقام الصفحة الرئيسية' }).waitFor();
    // The stored expiry passes while nobody touches the page.
    await page.evaluate(() => localStorage.setItem('tokenExpiry', new Date(Date.now() - 1000).toISOString()));
    // The check runs every 30 s, counted from the admin's opening moments ago: not within 15 s more.
    await page.clock.runFor(15_000);
    expect(new URL(page.url()).pathname).toBe('/admin/homepage-statistics');
    expect((await stored(page))[0]).toBe(token);
    await page.clock.runFor(15_000);
    await page.waitForURL('**/admin/login');
    expect(await stored(page)).toEqual([null, null, null]);
    await page.getByText(EXPIRED_HINT).waitFor();
    await page.close();
  });

  it('checks the session with the server as the dashboard opens: one the server ended goes to the login page', async () => {
    const { token } = await signInAdmin(t.app, 'dashboard-check');
    await t.http.post('/api/auth/logout').set('authorization', `Bearer ${token}`).expect(200);
    const page = await tabWith({
      adminToken: token,
      adminUser: JSON.stringify({ username: 'dashboard-check', role: 'admin' }),
      tokenExpiry: new Date(Date.now() + 3_600_000).toISOString(),
    });
    // Only GET /api/auth/verify reaches the server; every other call fails as without a network (which
    // never ends a session), so the dashboard's own check is what sends the tab to the login page.
    const verifies: string[] = [];
    await page.route('**/api/**', (route) => {
      const request = route.request();
      if (new URL(request.url()).pathname !== '/api/auth/verify') return route.abort('internetdisconnected');
      verifies.push(`${request.method()} ${request.headers().authorization}`);
      return route.continue();
    });
    await page.goto(base + '/admin/dashboard');
    await page.waitForURL('**/admin/login');
    expect(verifies[0]).toBe(`GET Bearer ${token}`);
    expect(await stored(page)).toEqual([null, null, null]);
    await page.getByText(REJECTED_HINT).waitFor();
    await page.close();
  });
});
