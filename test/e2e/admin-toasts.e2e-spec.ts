import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { resolve } from 'node:path';
import { launchChromium, openSignedIn, screenshot, screenshotOf, settled, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const REGION = 'التنبيهات (F8)';
const DISTRICT_PREFIX = 'حي التنبيهات';

/** Admin toasts and tooltips (admin spec section 9, decisions.md) in Chromium against the real server. */
describe('admin toasts and tooltips', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:toasts-e2e` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'toasts-admin')).token;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await db?.query(`DELETE FROM simple_districts WHERE name LIKE $1`, [`${DISTRICT_PREFIX}%`]);
    await t?.close();
  });

  /** A signed-in page whose timers run on Playwright's clock: a test moves time on instead of waiting. */
  async function onPageClock(viewport: { width: number; height: number }, path: string): Promise<Page> {
    const page = await browser.newPage({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    await page.clock.install();
    return openSignedIn(page, base, { token, username: 'toasts-admin' }, path);
  }

  /**
   * Stops the page's clock a tenth of a second on (its time runs on while the call travels): from there,
   * only runFor moves it, and no timer fires on its own.
   */
  const freeze = async (page: Page) => page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);

  /** A pointer drag of `dx` px (screen direction) from the toast's right part, where its text starts. */
  async function drag(page: Page, toast: Locator, dx: number): Promise<void> {
    const box = (await toast.boundingBox())!;
    const x = box.x + box.width - 40;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + dx, y + 2, { steps: 10 });
    await page.mouse.up();
  }

  // What the screen shows (the full-page shots place the fixed toast mid-page).
  const viewportShot = (page: Page, name: string) => page.screenshot({ path: resolve(`test-results/screenshots/${name}.png`) });

  const hasFocus = (locator: Locator) => locator.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`F8 focuses the toast; a swipe right past 50 px dismisses it, shorter or leftward ones do not; and one toast at a time (390 px) (${size})`, async () => {
      const page = await onPageClock(viewport, '/admin/locations');
      const region = page.getByRole('region', { name: REGION });
      const add = page.getByRole('button', { name: 'إضافة حي' });
      await add.waitFor();
      expect(await region.count()).toBe(1);

      // A warning (adding a district with nothing typed) is an alert inside the region.
      await add.click();
      const warning = region.getByRole('alert').filter({ hasText: 'يرجى إدخال اسم الحي واختيار المنطقة' });
      await warning.waitFor();
      expect(await hasFocus(region)).toBe(false);
      await page.keyboard.press('F8');
      expect(await hasFocus(region)).toBe(true);
      expect(await hasFocus(warning)).toBe(true);
      await screenshot(page, `admin-toast-${viewport.width}`);
      await viewportShot(page, `admin-toast-viewport-${viewport.width}`);
      await screenshotOf(warning, `admin-toast-close-up-${viewport.width}`);

      // 30 px to the right, then 80 px to the left (the screen's left, also in this RTL page): it stays.
      await drag(page, warning, 30);
      await settled(page);
      expect(await warning.isVisible()).toBe(true);
      expect(await warning.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
      await drag(page, warning, -80);
      await settled(page);
      expect(await warning.isVisible()).toBe(true);

      // 80 px to the right: gone at once (the pointer resting on it had paused its 5 s): within its half a
      // second of sliding out, on the page's clock.
      await freeze(page);
      await drag(page, warning, 80);
      await page.clock.runFor(500);
      await warning.waitFor({ state: 'detached' });
      await page.clock.resume();
      // The focus stays in the region rather than falling back to the page.
      expect(await hasFocus(region)).toBe(true);

      // A success (a district added on the server) is a status message, and leaves after 5 s.
      await page.getByLabel('المنطقة').click();
      const [area] = await db.query(`SELECT name FROM simple_areas WHERE value = 'yanbu_city'`);
      await page.getByRole('option', { name: area.name }).click();
      await page.getByLabel('اسم الحي').fill(`${DISTRICT_PREFIX} ${size}`);
      await add.click();
      await page.mouse.move(1, viewport.height / 2);
      const success = region.getByRole('status').filter({ hasText: 'تمت إضافة الحي بنجاح' });
      await success.waitFor();
      await freeze(page);
      // In place, not where the swiped one left: whole on the screen.
      expect(await success.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
      const box = (await success.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      if (size === 'phone') await viewportShot(page, `admin-toast-success-viewport-${viewport.width}`);
      // Its 5 s on the page's clock: still there 4 s after it showed, gone 2 s later.
      await page.clock.runFor(4_000);
      expect(await success.isVisible()).toBe(true);
      await page.clock.runFor(2_000);
      // Its time is up; the clock runs again for it to slide out.
      await page.clock.resume();
      await success.waitFor({ state: 'detached' });

      // With no toast, F8 still lands in the (empty) region.
      await page.getByLabel('اسم الحي').focus();
      await page.keyboard.press('F8');
      expect(await hasFocus(region)).toBe(true);

      if (size === 'phone') {
        // --- One toast at a time: the next waits until the one on screen has gone.
        // Three warnings asked for at once (Enter in the empty name field adds; a click elsewhere would
        // close the toast on screen, as react-admin's does).
        const name = page.getByLabel('اسم الحي');
        await name.fill('');
        await name.focus();
        for (let i = 0; i < 3; i++) await name.press('Enter');
        const shown = region.getByRole('alert');
        for (let i = 0; i < 3; i++) {
          await shown.waitFor();
          // Only ever one on screen; the next comes when it has gone.
          expect(await shown.count()).toBe(1);
          expect(await shown.innerText()).toBe('يرجى إدخال اسم الحي واختيار المنطقة');
          const current = await shown.elementHandle();
          await shown.getByRole('button', { name: 'إغلاق التنبيه' }).click();
          await page.waitForFunction((el) => !el?.isConnected, current);
        }
        await settled(page);
        expect(await shown.count()).toBe(0);
      }
      await page.close();
    });
  }

  it('opens a tooltip after 700 ms, and at once within 300 ms of the previous one closing', async () => {
    const page = await onPageClock(VIEWPORTS.desktop, '/admin/locations');
    const header = page.locator('header');
    const refresh = header.getByRole('button', { name: 'تحديث البيانات' });
    const toggle = header.getByRole('button', { name: /^(فتح|إغلاق) القائمة$/ });
    const tip = (text: string | RegExp) => page.getByRole('tooltip').filter({ hasText: text });
    await refresh.waitFor();
    await page.mouse.move(640, 600);
    // Time moves only when the test says: the delays are measured on the page's clock, not the machine's.
    await freeze(page);

    await refresh.hover();
    await page.clock.runFor(690);
    expect(await tip('تحديث البيانات').isVisible()).toBe(false);
    await page.clock.runFor(20);
    await tip('تحديث البيانات').waitFor();
    await page.clock.resume();
    await settled(page);
    await viewportShot(page, 'admin-tooltip-viewport-1280');
    await freeze(page);

    // Straight on to the next control: its tooltip skips the delay.
    await toggle.hover();
    await page.clock.runFor(150);
    await tip(/القائمة$/).waitFor();

    // 600 ms away is past the 300 ms skip window (MUI's own would be 800 ms): the 700 ms delay again.
    await page.mouse.move(640, 600);
    await page.clock.runFor(600);
    await refresh.hover();
    await page.clock.runFor(690);
    expect(await tip('تحديث البيانات').isVisible()).toBe(false);
    await page.clock.runFor(20);
    await tip('تحديث البيانات').waitFor();
    await page.close();
  });
});
