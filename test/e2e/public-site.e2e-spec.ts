import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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

  beforeAll(async () => {
    site = await PublicSite.start('public-ui');
  });
  afterAll(async () => {
    await site?.close();
  });

  it("shows the about page's figures as the administrators keep them, and no invented contact details", async () => {
    // The contact details as seeded (empty), whatever earlier files left; put back afterwards.
    const contact = (await site.db.query(
      `SELECT key, value FROM content_settings WHERE key IN ('contact_phone', 'contact_email', 'license_number')`,
    )) as Array<{ key: string; value: string }>;
    await site.db.query(`UPDATE content_settings SET value = '' WHERE key IN ('contact_phone', 'contact_email', 'license_number')`);
    await site.db.query(`UPDATE content_settings SET value = '3150' WHERE key = 'about_meals'`);
    try {
      const { page } = await site.open('/about', { viewport: VIEWPORTS.phone });
      const meals = page.locator('.milestone').filter({ hasText: 'وجبة' });
      await meals.getByText(new Intl.NumberFormat('ar-SA-u-nu-latn').format(3150)).waitFor();
      // The seeded phone, e-mail and licence are empty: the page says so instead of showing a made-up one.
      expect(await page.locator('a[href^="mailto:"], a[href^="tel:"]').count()).toBe(0);
      expect(await page.content()).not.toContain('example.org');
      await screenshot(page, 'public-about-figures-390');
      await page.close();
    } finally {
      await site.db.query(`UPDATE content_settings SET value = '2000' WHERE key = 'about_meals'`);
      for (const { key, value } of contact) await site.db.query(`UPDATE content_settings SET value = $2 WHERE key = $1`, [key, value]);
    }
  });

  const PAGES: Array<{ path: string; name: string; expect: string; status?: number }> = [
    { path: '/', name: 'home', expect: 'إرسال الطلب' },
    { path: '/about', name: 'about', expect: 'أكثر من' },
    { path: '/contact', name: 'contact', expect: 'أوقات العمل' },
    { path: '/privacy-policy', name: 'privacy', expect: 'إيقاف' },
    { path: '/terms-of-service', name: 'terms', expect: 'يمكن إلغاء طلب الجمع حتى 4 ساعات قبل موعد الاستلام' },
    { path: '/no/such/page', name: 'not-found', expect: 'Page Not Found', status: 404 },
  ];

  for (const p of PAGES) {
    it(`shows ${p.path} at phone and desktop widths with no serious accessibility problem`, async () => {
      for (const viewport of Object.values(VIEWPORTS)) {
        const { page, status } = await site.open(p.path, { viewport });
        expect(status).toBe(p.status ?? 200);
        await page.getByText(p.expect).first().waitFor();
        if (p.path === '/') await page.locator('form.request-form').waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `public-${p.name}-${viewport.width}`);
        await page.close();
      }
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

  it('keeps the STOP and WhatsApp consent rules in the privacy policy and terms', async () => {
    const { page } = await site.open('/privacy-policy');
    const privacy = await page.locator('main').innerText();
    expect(privacy).toContain('«إيقاف» أو STOP');
    await page.goto(site.base + '/terms-of-service');
    await quiet(page);
    const terms = await page.locator('main').innerText();
    expect(terms).toContain('4 ساعات قبل موعد الاستلام');
    expect(terms).toContain('«اشتراك» أو START');
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
    const { page } = await site.open('/about');
    await page.getByText('أكثر من').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/about');
    await page.close();
  });

  async function visitWhileBlocked() {
    for (const viewport of Object.values(VIEWPORTS)) {
      const { page } = await site.open('/about', { viewport });
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
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `public-blocked-${viewport.width}`);
      await page.close();
    }
  }
});
