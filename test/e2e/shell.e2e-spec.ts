import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot, VIEWPORTS, quiet } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';

const ARABIC = /[\u0600-\u06FF]/;

describe('the two user interfaces in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = await t.app.getUrl();
    base = base.replace('[::1]', '127.0.0.1');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function open(path: string, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]): Promise<{ page: Page; status: number }> {
    const page = await browser.newPage({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    const response = await page.goto(base + path);
    await quiet(page);
    await page.evaluate(() => document.fonts.ready);
    return { page, status: response?.status() ?? 0 };
  }

  /** True when the Arabic web font shipped with the app is loaded and covers Arabic letters. */
  async function arabicFontLoaded(page: Page): Promise<boolean> {
    return page.evaluate(() =>
      Array.from(document.fonts).some((f) => f.family.replace(/"/g, '').includes('IBM Plex Sans Arabic') && f.status === 'loaded'),
    );
  }

  // Each page is loaded once at 390 px, then looked at again at 1280 px (the same tab resized: neither page
  // is the admin's layout).
  it('shows the Arabic home page right to left (390 and 1280 px)', async () => {
    const { page, status } = await open('/', VIEWPORTS.phone);
    expect(status).toBe(200);
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await quiet(page);
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      expect(await page.getAttribute('html', 'lang')).toBe('ar');
      const h1 = await page.locator('h1').first().innerText();
      expect(h1).toMatch(ARABIC);
      expect(await page.locator('a[href="/admin/login"]').count()).toBeGreaterThan(0);
      expect(await arabicFontLoaded(page)).toBe(true);
      // Right to left for real: the main heading's text starts at the right edge of its box.
      const align = await page
        .locator('h1')
        .first()
        .evaluate((el) => getComputedStyle(el).direction);
      expect(align).toBe('rtl');
      await screenshot(page, `home-${viewport.width}`);
    }
    await page.close();
  });

  it('shows the administrator login page right to left (390 and 1280 px)', async () => {
    const { page, status } = await open('/admin/login', VIEWPORTS.phone);
    expect(status).toBe(200);
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await quiet(page);
      expect(await page.getAttribute('html', 'dir')).toBe('rtl');
      expect(await page.getAttribute('html', 'lang')).toBe('ar');
      await page.locator('input[name="username"], input#username').first().waitFor();
      const text = await page.locator('body').innerText();
      expect(text).toContain('تسجيل');
      expect(text).not.toMatch(/\bSign in\b|\bUsername\b|\bPassword\b/);
      expect(await arabicFontLoaded(page)).toBe(true);
      await screenshot(page, `admin-login-${viewport.width}`);
    }
    await page.close();
  });

  it('draws the administrator login in its HTML and keeps what was typed before the script took over', async () => {
    // The page as it arrives, before any script: the heading and both fields are in the markup.
    const html = await (await fetch(base + '/admin/login')).text();
    expect(html).toMatch(/<h1[^>]*>تسجيل دخول المشرفين<\/h1>/);
    expect(html).toContain('name="username"');
    expect(html).toContain('name="password"');

    // Its script held back for a moment: a name typed meanwhile is still there once the page is live.
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/admin\/assets\/login-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(base + '/admin/login', { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: 'تسجيل دخول المشرفين' }).waitFor();
    await page.locator('input[name="username"]').fill('early-admin');
    // Not sendable yet: the browser would send the form itself, the password in the address.
    expect(await page.getByRole('button', { name: 'تسجيل الدخول' }).isDisabled()).toBe(true);
    release();
    // Live: an empty password is refused in Arabic, the name typed before is kept.
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.getByText('يرجى إدخال كلمة المرور').waitFor();
    expect(await page.getByText('يرجى إدخال اسم المستخدم').count()).toBe(0);
    expect(await page.locator('input[name="username"]').inputValue()).toBe('early-admin');
    await page.close();
  });

  it('answers an unknown path with HTTP 404 and the "Page Not Found" page', async () => {
    const { page, status } = await open('/no/such/page', VIEWPORTS.phone);
    expect(status).toBe(404);
    await page.getByText('Page Not Found').first().waitFor();
    expect(await page.locator('body').innerText()).toMatch(ARABIC);
    await screenshot(page, 'not-found-390');
    await page.close();
  });

  it('shows the admin app\'s own "Page Not Found" for an unknown admin path', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
    // A stored session, before the admin's first script runs (no login page first).
    await page.addInitScript(() => {
      localStorage.setItem('adminToken', 'placeholder');
      localStorage.setItem('adminUser', JSON.stringify({ username: 'admin', role: 'admin' }));
      localStorage.setItem('tokenExpiry', String(Date.now() + 3_600_000));
    });
    await page.goto(base + '/admin/no-such-screen');
    await quiet(page);
    await screenshot(page, 'admin-not-found-1280');
    await page.getByText('Page Not Found').first().waitFor({ timeout: 5000 });
    await page.close();
  });
});
