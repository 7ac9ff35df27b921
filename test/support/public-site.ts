import type { Browser, BrowserContext, Locator, Page, Request, Route } from 'playwright-core';
import { quiet } from './browser';
import { DataSource } from 'typeorm';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';
import { axeViolations as axe } from './axe';
import { launchChromium, VIEWPORTS } from './browser';
import { ownDatabase } from './own-database';
import { createTestApp, TestApp } from './test-app';
import { testState } from './test-env';

/**
 * The public site in Chromium against the real server (API, PostgreSQL, Redis). Only what lies
 * outside the app is answered here: map tiles and reverse geocoding (the tests run without internet),
 * and one server answer no form input can provoke (a server-only field error).
 */

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=', 'base64');

export type Handler = (route: Route, request: Request) => Promise<void> | void;

export interface SiteOptions {
  /** Per-path handlers that replace the server for this page (only for answers no input can provoke). */
  api?: Record<string, Handler>;
  /** Reverse geocoding answers. */
  primaryGeocode?: Handler;
  backupGeocode?: Handler;
}

export const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

export class PublicSite {
  private readonly contexts: BrowserContext[] = [];

  private constructor(
    readonly t: TestApp,
    readonly db: DataSource,
    readonly base: string,
    private readonly browser: Browser,
    private readonly drop: () => Promise<void>,
  ) {}

  /**
   * `redisName` gives the file its own rate-limit counters: its browser posts count against the limits.
   * `ownDatabase` gives it a database of its own, for a file that changes texts every page shows.
   */
  static async start(redisName: string, options: { ownDatabase?: boolean } = {}): Promise<PublicSite> {
    const own = options.ownDatabase ? await ownDatabase(redisName.replace(/\W/g, '_')) : undefined;
    const t = await createTestApp({
      env: { REDIS_PREFIX: `${testState().redisPrefix}:${redisName}`, ...(own ? { DATABASE_URL: own.url } : {}) },
    }).catch(async (err: unknown) => {
      await own?.drop();
      throw err;
    });
    const drop = own?.drop ?? (async () => undefined);
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
      return new PublicSite(t, t.app.get(DataSource), base, await launchChromium(), drop);
    } catch (err) {
      await t.close();
      await drop();
      throw err;
    }
  }

  async close(): Promise<void> {
    for (const c of this.contexts) await c.close().catch(() => undefined);
    await this.browser.close();
    await this.t.close();
    await this.drop();
  }

  async newContext(
    viewport: { width: number; height: number } = VIEWPORTS.phone,
    geolocation?: { latitude: number; longitude: number; accuracy: number },
  ) {
    const context = await this.browser.newContext({
      viewport,
      locale: 'ar-SA',
      timezoneId: 'Asia/Riyadh',
      ...(geolocation ? { geolocation, permissions: ['geolocation'] } : {}),
    });
    this.contexts.push(context);
    return context;
  }

  /** Routes the page's calls: the real server, the page's own handlers, stand-ins for outside services, no internet. */
  private async wire(page: Page, options: SiteOptions = {}) {
    await page.route('**/*', async (route, request) => {
      const url = new URL(request.url());
      if (url.hostname === 'tile.openstreetmap.org') return route.fulfill({ status: 200, contentType: 'image/png', body: PNG_1x1 });
      if (url.hostname === 'nominatim.openstreetmap.org') {
        if (options.primaryGeocode) return options.primaryGeocode(route, request);
        return json(route, 200, { display_name: 'ينبع', address: { road: 'شارع الملك عبدالعزيز', suburb: 'حي الصريف', city: 'ينبع' } });
      }
      if (url.hostname === 'api.bigdatacloud.net') {
        if (options.backupGeocode) return options.backupGeocode(route, request);
        return json(route, 200, { locality: 'حي السميري', city: 'ينبع', principalSubdivision: 'منطقة المدينة المنورة' });
      }
      if (url.origin !== new URL(this.base).origin) return route.abort();
      const own = options.api?.[url.pathname];
      if (own) return own(route, request);
      return route.continue();
    });
  }

  async open(path: string, options: SiteOptions & { viewport?: { width: number; height: number }; context?: BrowserContext } = {}) {
    const context = options.context ?? (await this.newContext(options.viewport));
    const page = await context.newPage();
    await this.wire(page, options);
    const response = await page.goto(this.base + path);
    await quiet(page);
    await page.evaluate(() => document.fonts.ready);
    return { page, status: response?.status() ?? 0 };
  }
}

/** axe-core on the page as the visitor left it (focus and hover kept). */
export const axeViolations = (page: Page) => axe(page, { settle: false });

export const toast = (page: Page) => page.locator('.toast').last();

/** Each item of a contact block: its title, then its lines (a link as `text → href`, an hours line as `days | time`). */
export function contactDetails(root: Page | Locator): Promise<string[][]> {
  return root
    .locator('.contact-item')
    .evaluateAll((items) =>
      items.map((item) => [
        item.querySelector('.contact-item__title')?.textContent ?? '',
        ...[...(item.querySelector('.contact-item__value')?.children ?? [])].map((el) =>
          el.tagName === 'A'
            ? `${el.textContent} → ${el.getAttribute('href')}`
            : el.classList.contains('hours-line')
              ? [...el.children].map((part) => part.textContent).join(' | ')
              : (el.textContent ?? ''),
        ),
      ]),
    );
}

// The request form.

/** Picks a date a week from today (Asia/Riyadh) in the calendar. */
export async function pickDate(page: Page, daysAhead = 7): Promise<string> {
  const target = addDaysToDateString(riyadhDateString(new Date()), daysAhead);
  await page.locator('#rf-eventDate').click();
  const cell = page.locator(`td[data-day="${target}"]:not([data-outside]) button`);
  await page.locator('.calendar').waitFor();
  if ((await cell.count()) === 0) await page.locator('.rdp-button_next').click();
  await cell.click();
  return target;
}

export const districtValues = (page: Page) =>
  page.locator('#rf-district option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));

/** Fills every required field with a venue from the list (phone typed in Arabic-Indic digits). */
export async function fillWithVenue(page: Page, phone = '٠٥٥١٢٣٤٥٦٧') {
  await page.locator('#rf-eventType').selectOption('wedding');
  await page.locator('#rf-attendeeCount').fill('١٥٠');
  const date = await pickDate(page);
  await page.locator('#rf-endTime').fill('2230');
  await page.locator('#rf-endTime').blur();
  await page.getByLabel('مكان معروف').check();
  await page.locator('#rf-importantPlace').selectOption('wedding_king_fahd_civic_center');
  await page.locator('#rf-organizerName').fill('محمد أحمد');
  await page.locator('#rf-organizerPhone').fill(phone);
  await page.locator('#rf-organizerPhone').blur();
  await page.locator('#rf-termsAccepted').check();
  await page.locator('#rf-whatsappOptIn').check();
  return date;
}

/** Presses the submit button and returns the server's answer to POST /api/requests. */
export async function submitRequest(page: Page) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/requests') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'إرسال الطلب' }).click(),
  ]);
  return response;
}
