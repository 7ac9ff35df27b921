import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { screenshot, screenshotOf, VIEWPORTS } from '../support/browser';
import { PublicSite } from '../support/public-site';

const TITLE = 'فائض فرحكم يسعد أسرة اليوم';
const SLOGAN = 'نحفظ النعمة من المناسبة إلى المائدة';
const SITE_TITLE = 'حفظ النعمة — ينبع';

/** Console errors and uncaught exceptions of a page (React reports hydration mismatches through both). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

// The public pages arrive as HTML that a phone paints before any script has run, then React hydrates it.
describe('the pre-rendered public pages', () => {
  let site: PublicSite;

  beforeAll(async () => {
    // A database of its own: the texts it sets show on every page other files open.
    site = await PublicSite.start('public-prerender', { ownDatabase: true });
    await site.db.query(`UPDATE content_settings SET value = $1 WHERE key = 'hero_title'`, [TITLE]);
    await site.db.query(`UPDATE content_settings SET value = $1 WHERE key = 'site_slogan'`, [SLOGAN]);
    await site.db.query(`UPDATE content_settings SET value = $1 WHERE key = 'site_title'`, [SITE_TITLE]);
  });
  afterAll(async () => {
    await site?.close();
  });

  it("holds the header, the charity's current hero title and the figures' placeholder before any script runs", async () => {
    const browser = (await site.newContext(VIEWPORTS.phone)).browser()!;
    const noScript = await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'ar-SA', javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      const response = await page.goto(site.base + '/');
      expect(response?.status()).toBe(200);
      expect(await page.locator('h1').innerText()).toBe(TITLE);
      // The browser's tab shows the site's title as the charity set it (site_title).
      expect(await page.title()).toBe(`${SITE_TITLE} — طلب جمع فائض الطعام`);
      expect(await page.locator('header.site-header .brand__name').innerText()).toBe('جمعية حفظ النعمة بينبع');
      expect(await page.locator('header.site-header a.site-header__admin').getAttribute('href')).toBe('/admin/login');
      // The four figures' places are there, waiting for their numbers.
      expect(await page.locator('section.stats .stat-card').count()).toBe(4);
      expect(await page.locator('section.stats .stat-card .skeleton').count()).toBe(4);
      // The note under them waits too: it states the rule the figures will be computed with.
      expect(await page.locator('.stats__note .skeleton').count()).toBe(1);
      // The styles come with the page: the heading is laid out as the site draws it, with no request.
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
      expect(await page.locator('h1').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 255, 255)');
      await screenshot(page, 'public-home-before-scripts-390');

      await page.goto(site.base + '/about');
      expect(await page.locator('h1').innerText()).toBe('من نحن');
      expect(await page.locator('.page-hero__lead').innerText()).toBe(SLOGAN);
      expect(await page.title()).toBe(`من نحن — ${SITE_TITLE}`);
      await page.goto(site.base + '/privacy-policy');
      expect(await page.locator('main').innerText()).toContain('«إيقاف» أو STOP');
    } finally {
      await noScript.close();
    }
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`hydrates the home page without errors, keeping its markup and the current title (${size})`, async () => {
      const context = await site.newContext(viewport);
      const page = await context.newPage();
      const errors = watchErrors(page);
      const contentCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/content') contentCalls.push(request.url());
      });
      // The heading as parsed from the HTML, kept before any of the site's scripts runs.
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            (window as { parsedHeading?: Element | null }).parsedHeading = document.querySelector('h1');
        });
      });
      await page.goto(site.base + '/', { waitUntil: 'networkidle' });
      // Only React renders the request form, so it is there once the page is hydrated.
      await page.locator('form.request-form').waitFor();
      await page.locator('.stat-card__value bdi').first().waitFor();
      expect(await page.evaluate(() => document.querySelector('h1') === (window as { parsedHeading?: Element | null }).parsedHeading)).toBe(
        true,
      );
      expect(await page.locator('h1').innerText()).toBe(TITLE);
      expect(await page.title()).toBe(`${SITE_TITLE} — طلب جمع فائض الطعام`);
      expect(errors).toEqual([]);
      // The page started from the content the server sent with it.
      expect(contentCalls).toEqual([]);
      // The note under the figures states the charity's current rule (the seeded 0.5 kg a person).
      expect(await page.locator('.stats__note').innerText()).toContain('عدد الحضور × 0.5 كجم للشخص');
      if (size === 'phone') {
        await page.getByRole('button', { name: 'فتح القائمة' }).click();
        await page.getByRole('navigation', { name: 'قائمة التنقل' }).getByRole('link', { name: 'الحوكمة' }).waitFor();
      }
      await screenshot(page, `public-home-hydrated-${viewport.width}`);
      await page.close();
    });
  }

  it('hydrates every other public page without errors', async () => {
    for (const path of ['/about', '/contact', '/privacy-policy', '/terms-of-service', '/governance']) {
      const context = await site.newContext(VIEWPORTS.phone);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            (window as { parsedHeading?: Element | null }).parsedHeading = document.querySelector('h1');
        });
      });
      await page.goto(site.base + path, { waitUntil: 'networkidle' });
      // The footer's year is drawn by React only: the page has hydrated.
      await page.locator('.site-footer__bottom bdi').getByText(String(new Date().getFullYear())).waitFor();
      expect({
        path,
        same: await page.evaluate(() => document.querySelector('h1') === (window as { parsedHeading?: Element | null }).parsedHeading),
      }).toEqual({
        path,
        same: true,
      });
      expect({ path, errors }).toEqual({ path, errors: [] });
      await page.close();
    }
  });

  it('states under the figures the rule they come from: a fixed amount per collection, or figures the charity entered', async () => {
    const cases = [
      {
        basis: { source: 'computed', method: 'manual', multiplier: 0.5, manualAmount: 30 },
        note: 'الطعام المحفوظ = 30 كجم لكل طلب جمع مكتمل',
      },
      { basis: { source: 'manual' }, note: 'الأرقام المعروضة أدخلتها الجمعية من سجلاتها' },
    ];
    for (const { basis, note } of cases) {
      const context = await site.newContext(VIEWPORTS.phone);
      const page = await context.newPage();
      // The server's side of this (the basis follows the settings) is in the statistics integration tests.
      await page.route('**/api/homepage-statistics', (route) =>
        route.fulfill({
          json: {
            totalRequests: 1500,
            uniquePhones: 900,
            completedRequests: 1200,
            estimatedFoodKg: 36000,
            familiesBenefited: 17142,
            basis,
          },
        }),
      );
      await page.goto(site.base + '/');
      await page.locator('.stats__note').getByText(note).waitFor();
      expect(await page.locator('.stats__note').innerText()).not.toContain('0.5 كجم للشخص');
      if (basis.source === 'manual') await screenshotOf(page.locator('section.stats'), 'public-home-figures-manual-390');
      await page.close();
    }
  });
});
