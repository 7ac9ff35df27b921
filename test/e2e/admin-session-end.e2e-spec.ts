import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
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
});
