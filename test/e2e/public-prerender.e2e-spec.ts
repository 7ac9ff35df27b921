import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { signInAdmin } from '../support/admin-session';
import { screenshot, screenshotOf, VIEWPORTS, quiet } from '../support/browser';
import { contactDetails, PublicSite } from '../support/public-site';
import { pdf } from '../support/sample-files';

const TITLE = 'فائض فرحكم يسعد أسرة اليوم';
const SLOGAN = 'نحفظ النعمة من المناسبة إلى المائدة';
const SITE_TITLE = 'حفظ النعمة — ينبع';

/** The charity's texts as its administrators set them; working_hours_weekdays empty: the built-in text shows. */
const CONTENT = {
  hero_verse: '«وَمَا تُنفِقُوا مِنْ خَيْرٍ فَلِأَنفُسِكُمْ» (البقرة: 272)',
  hero_subtitle: 'سجّل مناسبتك الآن، ونصل إلى موقعها قبل انتهائها بساعة.',
  cta_button_text: 'سجّل طلب الاستلام',
  contact_phone: '0551234567',
  contact_email: 'tawasul@hifz-yanbu.sa',
  contact_address: 'ينبع البحر، حي الصريف، شارع الملك عبدالعزيز',
  working_hours_weekdays: '',
  working_hours_friday: 'الجمعة: 4:00 م - 10:00 م',
  working_hours_note: 'نستقبل الطلبات عبر الموقع في أي وقت.',
  license_number: '7001234',
  registration_date: '2024-03-05',
};
const PHONE = '+966 55 123 4567 → tel:+966551234567';
const EMAIL = 'tawasul@hifz-yanbu.sa → mailto:tawasul@hifz-yanbu.sa';
const FRIDAY = 'الجمعة | 4:00 م - 10:00 م';
const DOC = { title: 'تقرير الحوكمة السنوي', description: 'ما أقرّته الجمعية العمومية في اجتماعها السنوي', fileName: 'الحوكمة 2024.pdf' };

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
  let seeded: Array<{ key: string; value: string }> = [];
  let governanceId: number | undefined;
  let auth: { authorization: string };

  beforeAll(async () => {
    // A database of its own: the texts it sets show on every page other files open.
    site = await PublicSite.start('public-prerender', { ownDatabase: true });
    await site.db.query(`UPDATE content_settings SET value = $1 WHERE key = 'hero_title'`, [TITLE]);
    await site.db.query(`UPDATE content_settings SET value = $1 WHERE key = 'site_slogan'`, [SLOGAN]);
    await site.db.query(`UPDATE content_settings SET value = $1 WHERE key = 'site_title'`, [SITE_TITLE]);
    seeded = await site.db.query(`SELECT key, value FROM content_settings WHERE key = ANY($1)`, [Object.keys(CONTENT)]);
    for (const [key, value] of Object.entries(CONTENT))
      await site.db.query(`UPDATE content_settings SET value = $2 WHERE key = $1`, [key, value]);
    // Five requests, three completed (2000 + 800 + 240 guests × 0.5 kg): every figure of the home differs.
    for (const [status, attendees] of [
      ['completed', 2000],
      ['completed', 800],
      ['completed', 240],
      ['received', 100],
      ['cancelled', 60],
    ] as const) {
      await site.db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, food_types, status)
         VALUES ('wedding', $1, '2024-05-02', '22:00', 'ينبع', 'custom', 'منظم', '0556600002', '{}', $2)`,
        [attendees, status],
      );
    }
    // A governance document recorded as the admin does it (upload link, upload, record), published on
    // 5 March 2024 at 01:30 in Riyadh (4 March in UTC). 1,600,000 bytes: 1.53 MB.
    auth = { authorization: `Bearer ${(await signInAdmin(site.t.app, 'prerender-admin')).token}` };
    const link = await site.t.http.post('/api/admin/governance/upload-url').set(auth).send({ contentType: 'application/pdf' }).expect(200);
    const document = pdf('x'.repeat(1_600_000 - pdf('').length));
    await site.t.http.put(link.body.uploadURL).set('content-type', 'application/pdf').send(document).expect(200);
    const card = await site.t.http
      .post('/api/admin/governance')
      .set(auth)
      .send({ ...DOC, fileUrl: link.body.objectPath, fileType: 'application/pdf', fileSize: 1 })
      .expect(201);
    governanceId = card.body.id;
    await site.db.query(`UPDATE governance_cards SET created_at = '2024-03-04T22:30:00Z' WHERE id = $1`, [governanceId]);
  });
  afterAll(async () => {
    if (governanceId) await site.t.http.delete(`/api/admin/governance/${governanceId}`).set(auth).expect(200);
    for (const { key, value } of seeded) await site.db.query(`UPDATE content_settings SET value = $2 WHERE key = $1`, [key, value]);
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
      // The verse, the subtitle and the call to action as the charity set them (hero_verse, hero_subtitle, cta_button_text).
      expect(await page.locator('.hero__verse').innerText()).toBe(CONTENT.hero_verse);
      expect(await page.locator('.hero__subtitle').innerText()).toBe(CONTENT.hero_subtitle);
      expect(await page.locator('.hero__actions a').first().innerText()).toBe(CONTENT.cta_button_text);
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

  it('hydrates the home page without errors, keeping its markup and the current title (390, then 1280 px)', async () => {
    // Hydration does not depend on the width: the page is loaded once at 390 px and looked at at 1280 px too.
    const context = await site.newContext(VIEWPORTS.phone);
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
    await page.goto(site.base + '/');
    await quiet(page);
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
    await expectHomeSections(page);
    // Each figure in its own card, as GET /api/homepage-statistics gives it (the estimates marked).
    const figures = (await site.t.http.get('/api/homepage-statistics').expect(200)).body;
    expect(figures).toMatchObject({ totalRequests: 5, completedRequests: 3, estimatedFoodKg: 1520, familiesBenefited: 723 });
    expect(await statCards(page)).toEqual([
      ['مناسبة سجّلت طلب جمع', '5', false],
      ['أسرة مستفيدة', '723', true],
      ['طلب جمع مكتمل', '3', false],
      ['كجم من الطعام المحفوظ', '1,520', true],
    ]);
    // The phone's menu.
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    await page.getByRole('navigation', { name: 'قائمة التنقل' }).getByRole('link', { name: 'الحوكمة' }).waitFor();
    await screenshot(page, 'public-home-hydrated-390');
    await page.keyboard.press('Escape');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'public-home-hydrated-1280');
    // The call to action leads to the request form: the address names it, the form's section takes the focus.
    await page.locator('.hero__actions a').first().click();
    await page.waitForFunction(() => document.activeElement?.id === 'request-form');
    expect(new URL(page.url()).hash).toBe('#request-form');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('hydrates every other public page without errors; /contact and /governance show what the charity recorded', async () => {
    // One tab: each page loaded in turn (the heading kept anew by each document).
    const context = await site.newContext(VIEWPORTS.phone);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as { parsedHeading?: Element | null }).parsedHeading = document.querySelector('h1');
      });
    });
    for (const path of ['/about', '/contact', '/privacy-policy', '/terms-of-service', '/governance']) {
      errors.length = 0;
      await page.goto(site.base + path);
      await quiet(page);
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
      // The contact page: the same keys; its own built-in weekday hours (9:00–21:00) where the key is empty.
      if (path === '/contact')
        expect(await contactDetails(page.locator('main'))).toEqual([
          ['الهاتف', PHONE, 'راسلنا عبر واتساب → https://wa.me/966551234567'],
          ['البريد الإلكتروني', EMAIL],
          ['العنوان', CONTENT.contact_address],
          ['أوقات العمل', 'السبت - الخميس | 9:00 - 21:00', FRIDAY, CONTENT.working_hours_note],
        ]);
      if (path === '/governance') {
        const card = page.locator('li.governance-card').filter({ has: page.getByRole('heading', { name: DOC.title }) });
        expect(await card.locator('.card__body').innerText()).toBe(DOC.description);
        expect(await card.locator('.governance-card__file > span').allTextContents()).toEqual([DOC.fileName, '1.53 MB']);
        // Published on the Riyadh date.
        expect(await card.locator('.governance-card__date').textContent()).toBe('تاريخ النشر: 5 مارس 2024م (24 شعبان 1445هـ)');
      }
    }
    await page.close();
  });

  it('states under the figures the rule they come from: figures the charity entered', async () => {
    // Each basis's sentence (a fixed amount per collection among them) is src/shared/homepage-figures.spec.ts's;
    // the seeded rule's is checked on the hydrated home above.
    const cases = [{ basis: { source: 'manual' }, note: 'الأرقام المعروضة أدخلتها الجمعية من سجلاتها' }];
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

/** The home's sections: anchors, hero texts, services, steps, the contact block and the footer. */
async function expectHomeSections(page: Page) {
  // The spec's four anchors (and how-it-works, which the hero's second button opens), each once.
  for (const id of ['home', 'services', 'how-it-works', 'request-form', 'contact'])
    expect({ id, sections: await page.locator(`section[id="${id}"]`).count() }).toEqual({ id, sections: 1 });
  expect(await page.locator('#home .hero__verse').innerText()).toBe(CONTENT.hero_verse);
  expect(await page.locator('#home .hero__subtitle').innerText()).toBe(CONTENT.hero_subtitle);
  const cta = page.locator('#home .hero__actions a').first();
  expect([await cta.innerText(), await cta.getAttribute('href')]).toEqual([CONTENT.cta_button_text, '/#request-form']);
  expect(await page.locator('#services li.service-card h3').allTextContents()).toEqual([
    'جمع فائض المناسبات',
    'حفظ آمن وفرز دقيق',
    'توزيع يحفظ الكرامة',
  ]);
  expect(await page.locator('#how-it-works ol.steps > li .step__title').allTextContents()).toEqual([
    'الخطوة 1: أرسل طلبك',
    'الخطوة 2: التأكيد والتنسيق',
    'الخطوة 3: الجمع الآمن',
    'الخطوة 4: التوزيع',
  ]);
  // The home's built-in weekday hours are the seeded ones.
  expect(await contactDetails(page.locator('#contact'))).toEqual([
    ['الهاتف', PHONE],
    ['البريد الإلكتروني', EMAIL],
    ['العنوان', CONTENT.contact_address],
    ['أوقات العمل', 'السبت - الخميس | 8:00 ص - 8:00 م', FRIDAY, CONTENT.working_hours_note],
  ]);
  const footer = page.locator('footer.site-footer');
  expect(await footer.locator('nav a').evaluateAll((links) => links.map((a) => `${a.textContent} → ${a.getAttribute('href')}`))).toEqual([
    'الرئيسية → /#home',
    'خدماتنا → /#services',
    'اطلب الجمع → /#request-form',
    'تواصل معنا → /#contact',
    'من نحن → /about',
    'اتصل بنا → /contact',
    'الحوكمة → /governance',
    'سياسة الخصوصية → /privacy-policy',
    'الشروط والأحكام → /terms-of-service',
  ]);
  expect(
    await footer
      .locator('.site-footer__fact')
      .evaluateAll((facts) => facts.map((fact) => [fact.querySelector('dt')?.textContent, fact.querySelector('dd')?.textContent])),
  ).toEqual([
    ['رقم الترخيص', CONTENT.license_number],
    ['تاريخ التسجيل', '5 مارس 2024م (24 شعبان 1445هـ)'],
    ['الهاتف', '+966 55 123 4567'],
  ]);
  expect(await footer.locator('.site-footer__phone').getAttribute('href')).toBe('tel:+966551234567');
}

/** Each home figure: its label, its number and whether it is marked as an estimate. */
const statCards = (page: Page) =>
  page
    .locator('section.stats .stat-card')
    .evaluateAll((cards) =>
      cards.map((card) => [
        card.querySelector('.stat-card__label')?.firstChild?.textContent,
        card.querySelector('.stat-card__value')?.textContent,
        card.querySelector('.badge--estimate') !== null,
      ]),
    );
