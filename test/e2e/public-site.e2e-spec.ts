import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { screenshot, VIEWPORTS, quiet } from '../support/browser';
import { signInAdmin } from '../support/admin-session';
import { axeViolations, contactDetails, PublicSite } from '../support/public-site';

/** Contact content for the maintenance page: a landline, no note; the address and weekday hours left empty. */
const BLOCKED_CONTACT = {
  contact_phone: '0143221234',
  contact_email: 'help@hifz-yanbu.sa',
  contact_address: '',
  working_hours_weekdays: '',
  working_hours_friday: 'الجمعة: 3:00 م - 9:00 م',
  working_hours_note: '',
};

// The public pages and the blocked site; the request form and quick messages have their own files.
describe('the public site in Chromium', () => {
  let site: PublicSite;
  // One tab for the pages, each loaded once and looked at at 390 px and then at 1280 px.
  let page: Page;

  beforeAll(async () => {
    site = await PublicSite.start('public-ui');
    ({ page } = await site.open('/no/such/page', { viewport: VIEWPORTS.phone }));
  });

  /** Loads `path` in the shared tab at phone width; the HTTP status of the document. */
  async function visit(path: string): Promise<number> {
    await page.setViewportSize(VIEWPORTS.phone);
    const response = await page.goto(site.base + path);
    await quiet(page);
    await page.evaluate(() => document.fonts.ready);
    return response?.status() ?? 0;
  }

  /** No serious accessibility problem and a full-page screenshot, at 390 px and then at 1280 px. */
  async function inBothWidths(name: string) {
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `public-${name}-${viewport.width}`);
    }
  }
  afterAll(async () => {
    await site?.close();
  });

  it("shows the about page's figures as the administrators keep them, and no invented contact details, at phone and desktop widths with no serious accessibility problem", async () => {
    // The contact details as seeded (empty), whatever earlier files left; put back afterwards.
    const contact = (await site.db.query(
      `SELECT key, value FROM content_settings WHERE key IN ('contact_phone', 'contact_email', 'license_number')`,
    )) as Array<{ key: string; value: string }>;
    await site.db.query(`UPDATE content_settings SET value = '' WHERE key IN ('contact_phone', 'contact_email', 'license_number')`);
    await site.db.query(`UPDATE content_settings SET value = '3150' WHERE key = 'about_meals'`);
    try {
      expect(await visit('/about')).toBe(200);
      await page.getByText('أكثر من').first().waitFor();
      const meals = page.locator('.milestone').filter({ hasText: 'وجبة' });
      await meals.getByText(new Intl.NumberFormat('ar-SA-u-nu-latn').format(3150)).waitFor();
      // The seeded phone, e-mail and licence are empty: the page says so instead of showing a made-up one.
      expect(await page.locator('a[href^="mailto:"], a[href^="tel:"]').count()).toBe(0);
      expect(await page.content()).not.toContain('example.org');
      await screenshot(page, 'public-about-figures-390');
      await inBothWidths('about');
    } finally {
      await site.db.query(`UPDATE content_settings SET value = '2000' WHERE key = 'about_meals'`);
      for (const { key, value } of contact) await site.db.query(`UPDATE content_settings SET value = $2 WHERE key = $1`, [key, value]);
    }
  });

  // (/about is looked at by the test above.)
  const PAGES: Array<{ path: string; name: string; expect: string; texts?: string[]; status?: number }> = [
    { path: '/', name: 'home', expect: 'إرسال الطلب' },
    { path: '/contact', name: 'contact', expect: 'أوقات العمل' },
    // The STOP and WhatsApp consent rules in the privacy policy and terms.
    { path: '/privacy-policy', name: 'privacy', expect: 'إيقاف', texts: ['«إيقاف» أو STOP'] },
    {
      path: '/terms-of-service',
      name: 'terms',
      expect: 'يمكن إلغاء طلب الجمع حتى 4 ساعات قبل موعد الاستلام',
      texts: ['4 ساعات قبل موعد الاستلام', '«اشتراك» أو START'],
    },
    { path: '/no/such/page', name: 'not-found', expect: 'Page Not Found', status: 404 },
  ];

  for (const p of PAGES) {
    it(`shows ${p.path} at phone and desktop widths with no serious accessibility problem`, async () => {
      expect(await visit(p.path)).toBe(p.status ?? 200);
      await page.getByText(p.expect).first().waitFor();
      if (p.path === '/') await page.locator('form.request-form').waitFor();
      if (p.texts) {
        const main = await page.locator('main').innerText();
        for (const text of p.texts) expect(main).toContain(text);
      }
      await inBothWidths(p.name);
    });
  }

  it('asks again for the form lists on coming back to the tab, and for nothing else; a failed load is not retried', async () => {
    const asked: string[] = [];
    // The page's timers run on Playwright's clock, so "never retried" is checked past any retry delay.
    const context = await site.newContext();
    await context.clock.install();
    const { page } = await site.open('/', {
      context,
      api: { '/api/homepage-statistics': (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) },
    });
    // The form's lists have arrived once (its event types are listed) before counting starts.
    await page.locator('#rf-eventType option:not([value=""])').first().waitFor({ state: 'attached' });
    await quiet(page);
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) asked.push(path);
    });
    // A minute on the page's clock: a retry of the failed statistics (the query library's first is
    // after one second) would have been asked by then.
    await page.clock.runFor(60_000);
    await quiet(page);
    expect(asked).toEqual([]);
    // What the page hears when its tab is shown again (the query library listens on window).
    const lists = ['/api/dropdown-options', '/api/simple-location-options'].map((path) =>
      page.waitForResponse((r) => new URL(r.url()).pathname === path),
    );
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await Promise.all(lists);
    await page.clock.runFor(60_000);
    await quiet(page);
    // The dropdown and location lists are never fresh and are read again; the content, statistics and site
    // state are not.
    expect([...new Set(asked)].sort()).toEqual(['/api/dropdown-options', '/api/simple-location-options']);
  });

  it('sends visitors to /blocked while the site is blocked, with contact details and the admin entry', async () => {
    const admin = await signInAdmin(site.t.app);
    const toggle = () =>
      site.t.http.post('/api/system/toggle-site-block').set('authorization', `Bearer ${admin.token}`).send({ reason: 'صيانة' });
    // The charity's contact details as its administrators keep them; put back afterwards.
    const kept = (await site.db.query(`SELECT key, value FROM content_settings WHERE key = ANY($1)`, [
      Object.keys(BLOCKED_CONTACT),
    ])) as Array<{ key: string; value: string }>;
    try {
      for (const [key, value] of Object.entries(BLOCKED_CONTACT))
        await site.db.query(`UPDATE content_settings SET value = $2 WHERE key = $1`, [key, value]);
      const blocked = await toggle().expect(200);
      expect(blocked.body.blocked).toBe(true);
      try {
        await visitWhileBlocked();
      } finally {
        await toggle().expect(200);
      }
    } finally {
      for (const { key, value } of kept) await site.db.query(`UPDATE content_settings SET value = $2 WHERE key = $1`, [key, value]);
    }
    // Open again: no redirect.
    await visit('/about');
    await page.getByText('أكثر من').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
  });

  async function visitWhileBlocked() {
    await visit('/about');
    await page.waitForURL(/\/blocked$/);
    await page.getByText('الموقع متوقف مؤقتاً').first().waitFor();
    expect(await page.locator('a[href="/admin/login"]').count()).toBe(1);
    // The contact details from the content keys; where a key is empty, the page's own text (address, 9:00–21:00).
    expect(await page.locator('.blocked__subtitle').innerText()).toBe('لأي طلب عاجل، تواصل معنا مباشرة:');
    expect(await contactDetails(page)).toEqual([
      ['الهاتف', '014 322 1234 → tel:+966143221234'],
      ['البريد الإلكتروني', 'help@hifz-yanbu.sa → mailto:help@hifz-yanbu.sa'],
      ['العنوان', 'ينبع، المملكة العربية السعودية'],
      ['أوقات العمل', 'السبت - الخميس | 9:00 - 21:00', 'الجمعة | 3:00 م - 9:00 م'],
    ]);
    await inBothWidths('blocked');
  }
});
