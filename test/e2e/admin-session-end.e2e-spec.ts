import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { resetAdmin, setLoginVerification } from '../support/admin-accounts';
import { signInAdmin } from '../support/admin-session';
import { launchChromium, signedInPage, VIEWPORTS } from '../support/browser';
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

  const verifyToken = (token: string | null) => t.http.get('/api/auth/verify').set('authorization', `Bearer ${token ?? ''}`);

  it('returns to the login page, says why, and signing in again returns to the page asked for', async () => {
    const { token } = await signInAdmin(t.app, 'ended-session');
    const page = await signedInPage(browser, base, { token, username: 'ended-session' }, VIEWPORTS.desktop, '/admin/dashboard');
    await page.getByTestId('site-block-state').waitFor();
    await t.http.post('/api/auth/logout').set('authorization', `Bearer ${token}`).expect(200);
    await page.goto(base + '/admin/main', { waitUntil: 'networkidle' });
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => [localStorage.getItem('adminToken'), localStorage.getItem('tokenExpiry')])).toEqual([null, null]);

    // The admin app's own login (no page load): it says why, and signing in again returns to the page asked for.
    await page.getByText('لم يقبل الخادم جلستك الحالية. يرجى تسجيل الدخول مجددًا.').waitFor();
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

  it('sends an incomplete or expired stored session to the login page, clearing all three items', async () => {
    const { token } = await signInAdmin(t.app, 'stale-session');
    const user = JSON.stringify({ username: 'stale-session', role: 'admin' });

    // The token alone, without its user and expiry.
    const partial = await tabWith({ adminToken: token });
    await partial.goto(base + '/admin/requests', { waitUntil: 'networkidle' });
    await partial.waitForURL('**/admin/login');
    expect(await stored(partial)).toEqual([null, null, null]);
    await partial.close();

    // All three, the expiry a minute ago: the login page says the session ended to protect the account.
    const expired = await tabWith({ adminToken: token, adminUser: user, tokenExpiry: new Date(Date.now() - 60_000).toISOString() });
    await expired.goto(base + '/admin/main', { waitUntil: 'networkidle' });
    await expired.waitForURL('**/admin/login');
    await expired.getByText('انتهت صلاحية جلستك لحمايتك. يرجى تسجيل الدخول مجددًا.').waitFor();
    expect(await stored(expired)).toEqual([null, null, null]);
    await expired.close();
  });

  it('opens /admin on the dashboard, and the 30-second check ends a session whose time is up while it is open', async () => {
    const { token } = await signInAdmin(t.app, 'timed-session');
    const page = await tabWith({
      adminToken: token,
      adminUser: JSON.stringify({ username: 'timed-session', role: 'admin' }),
      tokenExpiry: new Date(Date.now() + 20_000).toISOString(),
    });
    await page.clock.install();
    await page.goto(base + '/admin', { waitUntil: 'networkidle' });
    await page.waitForURL('**/admin/dashboard');
    await page.getByText('مرحبًا، timed-session').waitFor();
    // Nobody touches the page: the next checks find the time up.
    await page.clock.runFor(61_000);
    await page.waitForURL('**/admin/login');
    expect(await stored(page)).toEqual([null, null, null]);
    await page.close();
  });
});
