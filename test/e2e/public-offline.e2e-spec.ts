import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { screenshot, VIEWPORTS, quiet } from '../support/browser';
import { axeViolations, fillWithVenue, PublicSite, toast } from '../support/public-site';
import { waitFor } from '../support/wait-for';

/**
 * The public site as an installable app that survives a lost connection (issue 25, item 5): the
 * manifest and icons, the service worker, a request sent offline and sent once when the connection
 * returns (Chromium's own offline switch), and the form's draft across a reload.
 */
describe('the public site offline', () => {
  let site: PublicSite;

  beforeAll(async () => {
    site = await PublicSite.start('public-offline');
  });
  afterAll(async () => {
    await site?.close();
  });

  const requestsOf = async (phone: string) =>
    ((await site.db.query(`SELECT id FROM requests WHERE organizer_phone = $1`, [phone])) as { id: number }[]).map((r) => r.id);

  /** The page is controlled by the site's service worker (installed, active, claimed). */
  const controlled = async (page: Page) => {
    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(script).toBe(`${site.base}/sw.js`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  };

  /**
   * A page without PublicSite's request routing: Chromium's offline switch must fail the page's calls as a
   * phone would (a routed call waits forever instead). The venue path of the form needs no map service.
   */
  const openUnrouted = async (context: BrowserContext, path: string) => {
    const page = await context.newPage();
    await page.goto(site.base + path);
    await quiet(page);
    return page;
  };

  /** What the visitor sees around `element` (the viewport, with the toast), besides the full page. */
  const viewShot = async (page: Page, element: ReturnType<Page['locator']>, name: string) => {
    await element.scrollIntoViewIfNeeded();
    mkdirSync(resolve('test-results/screenshots'), { recursive: true });
    await page.screenshot({ path: resolve(`test-results/screenshots/${name}.png`) });
  };

  const pending = (page: Page) =>
    page.evaluate(() => JSON.parse(localStorage.getItem('charity:pending-requests:v1') ?? '[]') as { key: string }[]);

  it('links a valid manifest: Arabic, right to left, the brand colours, icons at 192 and 512 and a maskable one', async () => {
    // The page's links as served (no browser needed to read them).
    const html = await (await fetch(`${site.base}/`)).text();
    const linkOf = (pattern: RegExp) => pattern.exec(html)?.[1];
    expect(linkOf(/<link rel="manifest" href="([^"]+)"/)).toBe('/manifest.webmanifest');
    const response = await fetch(`${site.base}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      lang: string;
      dir: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'جمعية حفظ النعمة بينبع',
      short_name: 'حفظ النعمة',
      lang: 'ar',
      dir: 'rtl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f4430',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const apple = linkOf(/<link rel="apple-touch-icon"[^>]* href="([^"]+)"/);
    for (const { src, sizes } of [...manifest.icons, { src: apple!, sizes: '180x180' }]) {
      const icon = await fetch(site.base + src);
      expect(icon.headers.get('content-type')).toBe('image/png');
      const png = PNG.sync.read(Buffer.from(await icon.arrayBuffer()));
      expect(`${png.width}x${png.height}`).toBe(sizes);
    }
    // The theme colour of the page is the manifest's.
    expect(linkOf(/<meta name="theme-color" content="([^"]+)"/)).toBe(manifest.theme_color);
  });

  it("registers the service worker; offline it serves a visited page, the form's look-ups, and a page never visited", async () => {
    const context = await site.newContext(VIEWPORTS.phone);
    const { page } = await site.open('/', { context });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(message.text()))
        errors.push(message.text());
    });
    await controlled(page);
    // Once controlled, a visit keeps the page and the look-ups.
    await page.reload();
    await quiet(page);
    await page.locator('#rf-eventType option[value="wedding"]').waitFor({ state: 'attached' });

    await context.setOffline(true);
    try {
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The form opens with its lists from the kept look-ups.
      await page.locator('#rf-eventType option[value="wedding"]').waitFor({ state: 'attached' });
      await page.getByLabel('مكان معروف').check();
      await page.locator('#rf-importantPlace option[value="wedding_king_fahd_civic_center"]').waitFor({ state: 'attached' });
      await screenshot(page, 'public-offline-home-390');

      // A page never visited: the plain shell renders it from nothing (no other page's HTML to hydrate).
      await page.goto(`${site.base}/about`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { level: 1, name: 'من نحن' }).waitFor();
      await screenshot(page, 'public-offline-about-390');
    } finally {
      await context.setOffline(false);
    }
    expect(errors.filter((e) => /hydrat|Minified React error/i.test(e))).toEqual([]);
  });

  it('keeps a request sent without a connection, says so, and sends it once when the connection returns (390 and 1280 px)', async () => {
    // One request, the screen looked at on a phone and on a desktop at each step.
    const phone = '0557700101';
    const context = await site.newContext(VIEWPORTS.phone);
    const page = await openUnrouted(context, '/#request-form');
    await page.locator('form.request-form').waitFor();
    await fillWithVenue(page, phone);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'إرسال الطلب' }).click();
    await toast(page).getByText('لا يوجد اتصال بالإنترنت').waitFor();
    expect(await toast(page).innerText()).toContain('وسيُرسل تلقائياً عند عودة الاتصال');
    const notice = page.getByRole('status').filter({ hasText: 'طلبك محفوظ وسيُرسل عند عودة الاتصال.' });
    await notice.waitFor();
    expect(await page.getByRole('button', { name: 'بانتظار الاتصال…' }).isDisabled()).toBe(true);
    const kept = await pending(page);
    expect(kept).toHaveLength(1);
    expect(kept[0].key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await requestsOf(phone)).toEqual([]);
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `public-offline-waiting-${viewport.width}`);
    }
    // The toast goes; the notice stays in the bar that follows the visitor.
    await toast(page).getByRole('button', { name: 'إغلاق التنبيه' }).click();
    await page.locator('.toast').waitFor({ state: 'detached' });
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      await page.setViewportSize(viewport);
      await viewShot(page, notice, `public-offline-waiting-view-${viewport.width}`);
    }

    await context.setOffline(false);
    await toast(page).getByText('تم إرسال طلبك بنجاح').waitFor({ timeout: 20_000 });
    const ids = await requestsOf(phone);
    expect(ids).toHaveLength(1);
    expect(await toast(page).innerText()).toContain(`#${ids[0]}`);
    expect(await pending(page)).toEqual([]);
    // The form and its draft start again empty.
    expect(await page.locator('#rf-organizerName').inputValue()).toBe('');
    await notice.waitFor({ state: 'detached' });
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await viewShot(page, page.locator('.submit-bar'), `public-offline-sent-view-${viewport.width}`);
    }
    // Nothing is sent again later: nothing is kept any more, and once the page is quiet there is still one request.
    await quiet(page);
    expect(await pending(page)).toEqual([]);
    expect(await requestsOf(phone)).toHaveLength(1);
  });

  it('sends a kept request on the next visit, on any page, once, even when the answer to the first try was lost', async () => {
    const phone = '0557700103';
    const context: BrowserContext = await site.newContext(VIEWPORTS.phone);
    // The first try reaches the server, which creates the request, but its answer never arrives.
    let lost = 0;
    const { page } = await site.open('/#request-form', {
      context,
      api: {
        '/api/requests': async (route) => {
          if (lost > 0) return route.continue();
          lost += 1;
          await route.fetch();
          await route.abort('connectionreset');
        },
      },
    });
    await page.locator('form.request-form').waitFor();
    await fillWithVenue(page, phone);
    await page.getByRole('button', { name: 'إرسال الطلب' }).click();
    await toast(page).getByText('لا يوجد اتصال بالإنترنت').waitFor();
    const [first] = await requestsOf(phone);
    expect(first).toEqual(expect.any(Number));
    const [kept] = await pending(page);
    await page.close();

    // The next visit (the contact page, not the form) sends it with the same key: the first answer, nothing new.
    const { page: later } = await site.open('/contact', { context });
    await toast(later).getByText('تم إرسال طلبك بنجاح').waitFor({ timeout: 20_000 });
    expect(await toast(later).innerText()).toContain(`#${first}`);
    expect(await requestsOf(phone)).toEqual([first]);
    expect(await pending(later)).toEqual([]);
    const [key] = (await site.db.query(`SELECT request_id FROM request_idempotency_keys WHERE request_id = $1`, [first])) as {
      request_id: number;
    }[];
    expect(key).toEqual({ request_id: first });
    expect(kept.key).toEqual(expect.any(String));
    await screenshot(later, 'public-offline-sent-next-visit-390');
  });

  it('keeps the draft across a reload, says so, and forgets it on request', async () => {
    const context = await site.newContext(VIEWPORTS.phone);
    const { page } = await site.open('/#request-form', { context });
    await page.locator('form.request-form').waitFor();
    await page.locator('#rf-eventType').selectOption('wedding');
    await page.locator('#rf-attendeeCount').fill('220');
    await page.locator('#rf-organizerName').fill('سارة علي');
    await page.locator('#rf-organizerPhone').fill('0557700104');
    await waitFor(
      async () => (await page.evaluate(() => localStorage.getItem('charity:request-draft:v1')))?.includes('سارة علي') ?? false,
      5_000,
      'the draft to be saved',
    );
    await page.reload();
    await quiet(page);
    await page.locator('form.request-form').waitFor();
    expect(await page.locator('#rf-organizerName').inputValue()).toBe('سارة علي');
    expect(await page.locator('#rf-organizerPhone').inputValue()).toBe('0557700104');
    expect(await page.locator('#rf-attendeeCount').inputValue()).toBe('220');
    expect(await page.locator('#rf-eventType').inputValue()).toBe('wedding');
    const restored = page.getByRole('status').filter({ hasText: 'أكملنا النموذج بما كتبته سابقاً على هذا الجهاز.' });
    await restored.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await viewShot(page, restored, 'public-form-draft-restored-view-390');

    await restored.getByRole('button', { name: 'إفراغ النموذج' }).click();
    expect(await page.locator('#rf-organizerName').inputValue()).toBe('');
    await page.reload();
    await quiet(page);
    await page.locator('form.request-form').waitFor();
    expect(await page.locator('#rf-organizerName').inputValue()).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('charity:request-draft:v1'))).toBeNull();
  });
});
