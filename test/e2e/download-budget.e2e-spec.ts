import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page, Response } from 'playwright-core';
import { launchChromium, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/** What a first visit costs on a phone: the script bytes Chromium really receives (compressed), per app. */
// The admin login loads no screen, chart or calendar (lazy screens, their own chunks): 310 KB when set.
const BUDGET_KB = { public: 150, admin: 340 };

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
    await page.goto(base + '/', { waitUntil: 'networkidle' });
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

  it(`loads the admin with at most ${BUDGET_KB.admin} KB of script, compressed`, async () => {
    // Every page opens its own context: nothing comes from a cache.
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    const scripts = watchScripts(page);
    await page.goto(base + '/admin/login', { waitUntil: 'networkidle' });
    const admin = await scripts();
    expect(admin.length).toBeGreaterThan(0);
    expect(admin.every((d) => d.encoding === 'br')).toBe(true);
    process.stdout.write(`admin: ${admin.length} scripts, ${kb(admin).toFixed(1)} KB received\n`);
    expect(kb(admin)).toBeLessThanOrEqual(BUDGET_KB.admin);
    await page.close();
  });
});
