import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { screenshot, screenshotOf, VIEWPORTS, quiet } from '../support/browser';
import { signInAdmin } from '../support/admin-session';
import { axeViolations, PublicSite, toast } from '../support/public-site';

// Spec: while the site is blocked visitors go to /blocked; administrators are not blocked (decisions.md).
const REASON = 'تحديث بيانات مواقع الاستلام';

describe('the blocked public site for visitors and for administrators', () => {
  let site: PublicSite;
  let admin: Awaited<ReturnType<typeof signInAdmin>>;

  const toggle = () =>
    site.t.http.post('/api/system/toggle-site-block').set('authorization', `Bearer ${admin.token}`).send({ reason: REASON });
  const isBlocked = async () => ((await site.t.http.get('/api/system/site-blocked').expect(200)).body as { blocked: boolean }).blocked;

  beforeAll(async () => {
    site = await PublicSite.start('public-ui-block-admin');
    admin = await signInAdmin(site.t.app, 'block-admin');
    if (!(await isBlocked())) await toggle().expect(200);
    expect(await isBlocked()).toBe(true);
  });
  afterAll(async () => {
    if (site && (await isBlocked())) await toggle().expect(200);
    await site?.close();
  });

  /** Opens `path` in a fresh context whose admin app left `token` in localStorage (none: null). */
  async function openWithToken(path: string, token: string | null, viewport: { width: number; height: number } = VIEWPORTS.phone) {
    const context = await site.newContext(viewport);
    if (token !== null) await context.addInitScript((value) => window.localStorage.setItem('adminToken', value), token);
    const verifyCalls: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/verify') verifyCalls.push(request.headers()['authorization'] ?? '');
    });
    const { page } = await site.open(path, { context });
    return { page, verifyCalls };
  }

  const banner = (page: Page) => page.getByRole('region', { name: 'تنبيه للمشرفين' });

  it('sends a visitor without a session to /blocked, with no session check', async () => {
    const { page, verifyCalls } = await openWithToken('/about', null);
    await page.waitForURL(/\/blocked$/);
    await page.getByText('الموقع متوقف مؤقتاً').first().waitFor();
    expect(verifyCalls).toEqual([]);
    expect(await banner(page).count()).toBe(0);
    await page.close();
  });

  it('shows an administrator the site under a banner with the reason and the way back to the dashboard; public writes are still refused', async () => {
    // One load of the home page, looked at at 390 px and then at 1280 px; then another page.
    const { page, verifyCalls } = await openWithToken('/', admin.token, VIEWPORTS.phone);
    await banner(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(verifyCalls).toEqual([`Bearer ${admin.token}`]);
    const text = await banner(page).innerText();
    expect(text).toContain('الموقع متوقف للزوار');
    expect(text).toContain('يرى الزوار صفحة الصيانة');
    expect(text).toContain(REASON);
    const link = banner(page).getByRole('link', { name: 'إتاحة الموقع من لوحة الإدارة' });
    expect(await link.getAttribute('href')).toBe('/admin');
    // The public forms say that they cannot send while the site is blocked.
    await page.locator('form.request-form').waitFor();
    expect(await page.getByRole('note').filter({ hasText: 'لا يُرسَل هذا النموذج' }).count()).toBe(2);
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      // At the top of the page, as loaded (the element screenshots scroll it).
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      // The banner sits above the header in the page's flow: it covers nothing.
      const bannerBox = (await banner(page).boundingBox())!;
      const headerBox = (await page.locator('.site-header').boundingBox())!;
      expect(bannerBox.y).toBe(0);
      expect(headerBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `public-blocked-admin-home-${viewport.width}`);
      await screenshotOf(banner(page), `public-blocked-admin-banner-${viewport.width}`);
      await screenshotOf(page.locator('#request-form .container'), `public-blocked-admin-form-${viewport.width}`);
      await screenshotOf(page.locator('.quick-message'), `public-blocked-admin-quick-${viewport.width}`);
    }

    // An administrator's public write is still refused, and the form says so and keeps the message.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.locator('#qm-name').fill('خالد');
    await page.locator('#qm-phone').fill('0557654321');
    await page.locator('#qm-message').fill('أرغب في التطوع معكم في توزيع الوجبات');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/quick-messages') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'إرسال الرسالة' }).click(),
    ]);
    expect(response.status()).toBe(503);
    expect(((await response.json()) as { code: string }).code).toBe('SITE_BLOCKED');
    await toast(page).getByText('الموقع متوقف مؤقتاً للصيانة، يرجى المحاولة لاحقاً').waitFor();
    expect(await page.locator('#qm-message').inputValue()).toBe('أرغب في التطوع معكم في توزيع الوجبات');

    // Every page carries the banner: a fresh load of another page checks the session again.
    await page.goto(site.base + '/contact');
    await quiet(page);
    await banner(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(verifyCalls).toHaveLength(2);
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await screenshot(page, `public-blocked-admin-contact-${viewport.width}`);
    }
    await page.close();
  });

  it('sends an ended session to /blocked', async () => {
    // One representative of the sessions the server refuses: GET /api/auth/verify answers 401 to a
    // forged, logged-out or expired token (test/integration/authorization.int-spec.ts), and the page
    // treats every refusal alike.
    const ended = await signInAdmin(site.t.app, 'block-admin-ended');
    await site.t.http.post('/api/auth/logout').set('authorization', `Bearer ${ended.token}`).expect(200);
    const { page, verifyCalls } = await openWithToken('/', ended.token);
    await page.waitForURL(/\/blocked$/);
    await page.getByText('الموقع متوقف مؤقتاً').first().waitFor();
    expect(verifyCalls).toEqual([`Bearer ${ended.token}`]);
    expect(await banner(page).count()).toBe(0);
    await screenshot(page, 'public-blocked-ended-session-390');
    await page.close();
  });

  it('lets an administrator who lands on /blocked go on to the site', async () => {
    const { page } = await openWithToken('/blocked', admin.token, VIEWPORTS.desktop);
    await page.getByText('أنت مسجّل الدخول مشرفاً').waitFor();
    await page.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await banner(page).waitFor();
    await page.close();
  });
});
