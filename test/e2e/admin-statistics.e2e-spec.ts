import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Browser, Page, Route } from 'playwright-core';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { launchChromium, openSignedIn, screenshot, signedInPage, VIEWPORTS, quiet } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';
import { CHART_COLORS } from '../../src/shared/statistics';

/** A #RRGGBB colour as the browser computes it. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** Moves to `path` inside the loaded admin app (its router follows the history): no new document. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await quiet(page);
}

/** /admin/statistics, /admin/homepage-statistics and the food-calculation tab in Chromium, against the real server. */
describe('statistics, homepage figures and food calculation in the admin', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let session: { token: string; username: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:stats-e2e` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    session = { token: (await signInAdmin(t.app, 'stats-e2e-admin')).token, username: 'stats-e2e-admin' };
    // Today's requests (received now): two completed weddings, one graduation under review, one cancelled.
    for (const [status, type, attendees, weighed] of [
      ['completed', 'wedding', 120, null],
      ['completed', 'wedding', 80, 55],
      ['reviewing', 'graduation', 40, null],
      ['cancelled', 'conference', 200, null],
    ] as const) {
      await db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, food_types, status, weighed_kg)
         VALUES ($1, $2, CURRENT_DATE + 3, '22:00', 'ينبع', 'custom', 'منظم لوحة الإحصاء', '0558800001', '{}', $3, $4)`,
        [type, attendees, status, weighed],
      );
    }
    browser = await launchChromium();
  });
  afterAll(async () => {
    await db?.query('DELETE FROM manual_homepage_statistics');
    await browser?.close();
    await t?.close();
  });

  /** Today in Riyadh as [YYYY-MM-DD, year, month]: the admin's current day and month. */
  const riyadhToday = () => {
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date());
    return [date, Number(date.slice(0, 4)), Number(date.slice(5, 7))] as const;
  };
  const MONTH_NAMES = ['يناير', 'فبراير', 'مارس', 'أبريل', 'مايو', 'يونيو', 'يوليو', 'أغسطس', 'سبتمبر', 'أكتوبر', 'نوفمبر', 'ديسمبر'];
  const isGenerate = (url: string, method: string) => method === 'POST' && new URL(url).pathname === '/api/statistics/generate';

  it('generates the figures on open, switches tabs and periods, and exports Excel (390 and 1280 px)', async () => {
    // Both widths side by side: the desktop page walks the periods and exports; the phone page shows the same screens.
    const open = async (viewport: { width: number; height: number }) => {
      const page = await browser.newPage({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
      const generated: unknown[] = [];
      page.on('request', (r) => {
        if (isGenerate(r.url(), r.method())) generated.push(r.postDataJSON());
      });
      await openSignedIn(page, base, session, '/admin/statistics');
      return { page, generated };
    };
    const [phone, desktop] = await Promise.all([open(VIEWPORTS.phone), open(VIEWPORTS.desktop)]);
    const [today, year, month] = riyadhToday();
    for (const { page, generated } of [phone, desktop]) {
      const width = page.viewportSize()!.width;
      await page.getByRole('heading', { level: 1, name: 'الإحصائيات' }).waitFor();
      expect(await page.getByRole('link', { name: 'العودة إلى لوحة التحكم' }).getAttribute('href')).toBe('/admin/dashboard');
      const counters = page.getByRole('region', { name: 'عدادات الحالات' });
      await counters.getByText('مكتمل').waitFor();
      // Opening the page generated all three periods: today, this month and all time.
      expect(generated).toHaveLength(3);
      expect(generated).toEqual(
        expect.arrayContaining([{ period: 'daily', date: today }, { period: 'monthly', year, month }, { period: 'all_time' }]),
      );
      const totals = page.getByRole('region', { name: 'الإجماليات' });
      await expect(totals.getByText('نسبة النجاح').locator('..').textContent()).resolves.toContain('%');
      // The page shows the figures it generated (other files may add requests meanwhile).
      const [stored] = await db.query(
        `SELECT value FROM statistics WHERE metric = 'total_requests' AND period = 'daily' AND date = (now() AT TIME ZONE 'Asia/Riyadh')::date`,
      );
      const shown = new Intl.NumberFormat('ar-SA-u-nu-latn').format(Number(stored.value));
      await expect(totals.getByText('إجمالي الطلبات').locator('..').textContent()).resolves.toContain(shown);
      await page.getByRole('list', { name: 'توزيع الطلبات حسب الحالة' }).waitFor();
      await screenshot(page, `admin-statistics-${width}`);

      await page.getByRole('tab', { name: 'أنواع المناسبات' }).click();
      const types = page.getByRole('list', { name: 'توزيع الطلبات حسب نوع المناسبة' });
      await types.getByText('حفل زواج').waitFor();
      await screenshot(page, `admin-statistics-event-types-${width}`);
      // Each type's swatch takes the palette's colours in turn (they cycle over 7; statisticsFormat.spec).
      const swatches = await types
        .locator(':scope > li')
        .evaluateAll((items) => items.map((li) => getComputedStyle(li.querySelector('span[aria-hidden="true"]')!).backgroundColor));
      expect(swatches.length).toBeGreaterThan(1);
      expect(swatches).toEqual(swatches.map((_, i) => rgb(CHART_COLORS[i % CHART_COLORS.length])));
    }
    const periods = await db.query(`SELECT DISTINCT period FROM statistics WHERE metric = 'status_counts' ORDER BY 1`);
    expect(periods.map((r: { period: string }) => r.period)).toEqual(['all_time', 'daily', 'monthly']);

    // The month (one viewport: no layout matter): this month's figures, and a refresh generates this month.
    const page = desktop.page;
    await page.getByRole('button', { name: 'شهري', exact: true }).click();
    expect(await page.getByLabel('الشهر', { exact: true }).inputValue()).toBe(`${year}-${String(month).padStart(2, '0')}`);
    await page.getByText(new RegExp(`^${MONTH_NAMES[month - 1]} ${year} · آخر تحديث`)).waitFor();
    const [refresh] = await Promise.all([
      page.waitForRequest((r) => isGenerate(r.url(), r.method())),
      page.getByRole('button', { name: 'تحديث', exact: true }).click(),
    ]);
    expect(refresh.postDataJSON()).toEqual({ period: 'monthly', year, month });
    await page.getByText('تم تحديث الإحصائيات').first().waitFor();

    await page.getByRole('button', { name: 'كل الفترات' }).click();
    await page.getByText(/^كل الفترات · آخر تحديث/).waitFor();

    await page.mouse.move(5, 5);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'تصدير Excel' }).click()]);
    expect(download.suggestedFilename()).toBe('إحصائيات-كل-الفترات.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['الملخص', 'حسب الحالة', 'حسب نوع المناسبة', 'الطلبات']);
    expect(book.getWorksheet('الطلبات')!.views[0]).toMatchObject({ rightToLeft: true });

    // The export is in the activity log, with who did it (at both widths).
    for (const p of [phone.page, desktop.page]) {
      await p.getByRole('tab', { name: 'سجل النشاط' }).click();
      const log = p.getByRole('list', { name: 'آخر 50 نشاطاً' });
      await log.getByText('تصدير الإحصائيات').first().waitFor();
      await log.getByText('بواسطة stats-e2e-admin').first().waitFor();
      await screenshot(p, `admin-statistics-activity-${p.viewportSize()!.width}`);
      await p.close();
    }
  });

  it('sets the homepage figures with Arabic-Indic digits, previews them, and a visitor sees them on /', async () => {
    const page = await signedInPage(browser, base, session, VIEWPORTS.desktop, '/admin/homepage-statistics');
    await page.getByRole('heading', { level: 1, name: 'أرقام الصفحة الرئيسية' }).waitFor();
    expect(await page.getByRole('link', { name: 'العودة إلى لوحة التحكم' }).getAttribute('href')).toBe('/admin/dashboard');
    const total = page.getByLabel('إجمالي الطلبات');
    await total.fill('');
    await total.pressSequentially('١٢٣٤');
    await expect(total.inputValue()).resolves.toBe('1234');
    await total.pressSequentially('x'); // ignored
    await expect(total.inputValue()).resolves.toBe('1234');
    await page.getByLabel('الأسر المستفيدة').fill('');
    await page.getByLabel('الطعام المحفوظ (كجم)').fill('٧٥٠٠');
    const preview = page.getByRole('group', { name: 'معاينة أرقام الصفحة الرئيسية' });
    await preview.getByText('1,234').waitFor();
    await preview.getByText('7,500').waitFor();
    await screenshot(page, 'admin-homepage-statistics-1280');
    await page.getByRole('button', { name: 'حفظ الأرقام' }).click();
    await page.getByText('تم حفظ أرقام الصفحة الرئيسية').first().waitFor();

    const visitor = await browser.newContext({ viewport: VIEWPORTS.phone, locale: 'ar-SA' });
    const home = await visitor.newPage();
    await home.goto(base + '/');
    await quiet(home);
    await home.getByText('1,234').first().waitFor();
    await visitor.close();

    await page.close();
    // A fresh phone-sized page (resizing a desktop page leaves the menu drawer open over the screen).
    const phone = await signedInPage(browser, base, session, VIEWPORTS.phone, '/admin/homepage-statistics');
    await phone.getByText(/تعرض الصفحة الرئيسية الأرقام اليدوية التي حفظها stats-e2e-admin/).waitFor();
    await screenshot(phone, 'admin-homepage-statistics-390');
    await phone.getByRole('button', { name: 'العودة إلى الأرقام المحسوبة' }).click();
    await phone.getByRole('button', { name: 'نعم، استخدم المحسوبة' }).click();
    await phone.getByText('تعرض الصفحة الرئيسية الآن الأرقام المحسوبة من الطلبات').first().waitFor();
    const [row] = await db.query(`SELECT count(*)::int AS n FROM manual_homepage_statistics WHERE is_active`);
    expect(row.n).toBe(0);
    await phone.close();
  });

  /**
   * The food-calculation tab once open: a fixed amount saved with the spec's rules and the 100-attendee
   * example, the formula's multiplier (not saved), the settings tabs and the tab kept in the URL.
   */
  async function editFoodCalculation(page: Page, size: string, viewport: { width: number; height: number }): Promise<void> {
    const [before] = await db.query(`SELECT description FROM food_calculation_settings WHERE is_active`);
    await page.getByRole('heading', { name: 'حساب كمية الطعام المحفوظ' }).waitFor();
    await page.getByRole('tab', { name: 'حساب كمية الطعام', selected: true }).waitFor();

    // A fixed amount per completed request: the spec's error for 0 (the rule: food-calculation.spec in src/shared,
    // so at one width only), Arabic-Indic digits read as Western ones, the example, the save.
    await page.getByText('مناسبة حضرها 100 شخص تُحتسب 50 كجم').waitFor();
    await page.getByRole('radio', { name: 'كمية ثابتة لكل طلب مكتمل' }).check();
    const amount = page.getByLabel('الكمية اليدوية (كجم لكل طلب مكتمل)');
    if (size === 'desktop') {
      await amount.fill('0');
      await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
      await page.getByText('الكمية اليدوية يجب أن تكون رقماً صحيحاً أكبر من صفر (بالكيلوجرام)').waitFor();
    }
    await amount.fill('');
    await amount.pressSequentially('٢٥');
    await expect(amount.inputValue()).resolves.toBe('25');
    await page.getByText('مناسبة حضرها 100 شخص تُحتسب 25 كجم').waitFor();
    const description = `وزن تقديري ثابت لكل طلب (${size})`;
    await page.getByLabel('الوصف', { exact: true }).fill(description);
    await page.getByRole('button', { name: 'حفظ الإعدادات' }).click();
    await page.getByText('تم حفظ إعدادات حساب الطعام').first().waitFor();
    await screenshot(page, `admin-food-calculation-${viewport.width}`);
    const [row] = await db.query(
      `SELECT calculation_method, manual_amount::float8 AS amount, description FROM food_calculation_settings WHERE is_active`,
    );
    expect(row).toEqual({ calculation_method: 'manual', amount: 25, description });
    await db.query(
      `UPDATE food_calculation_settings SET calculation_method = 'formula', manual_amount = NULL, description = $1 WHERE is_active`,
      [before?.description ?? null],
    );

    // Back to the formula (not saved): the multiplier in Arabic-Indic digits with the Arabic decimal point.
    await page.getByRole('radio', { name: 'حسب عدد الحضور' }).check();
    await page.getByLabel('المعامل (كجم لكل شخص)').fill('٠٫٧');
    await page.getByText('مناسبة حضرها 100 شخص تُحتسب 70 كجم').waitFor();
    expect(await page.getByRole('button', { name: 'حفظ الإعدادات' }).isEnabled()).toBe(true);
    // Past the button's fade from disabled, so the picture shows it as it is.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await screenshot(page, `admin-settings-food-tab-${viewport.width}`);
    // The settings tabs (spec: security, statistics, food calculation); statistics is a placeholder.
    const tabs = page.getByRole('tablist', { name: 'أقسام الإعدادات' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['الأمان', 'الإحصائيات', 'حساب كمية الطعام']);
    await page.getByRole('tab', { name: 'الإحصائيات' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/main' && url.hash === '#statistics');
    const placeholder = page.getByRole('tabpanel');
    await placeholder.getByRole('heading', { level: 2, name: 'قيد التطوير', exact: true }).waitFor();
    await placeholder.getByText('إعدادات الإحصائيات قيد التطوير وستُتاح قريبًا.').waitFor();
    await placeholder.getByRole('status').getByText('هذه الصفحة قيد الإنشاء').waitFor();
    await page.getByRole('tab', { name: 'الأمان' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/main' && url.hash === '#security');
    await page.reload();
    await quiet(page);
    await page.getByRole('tab', { name: 'الأمان', selected: true }).waitFor();
  }

  it("opens the food calculation from the dashboard's quick link (a retry when it fails to load), edits it, then the statistics failure toasts word for word (1280 px)", async () => {
    const viewport = VIEWPORTS.desktop;
    const failWith = (message: string) => (route: Route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, message }) });
    const page = await signedInPage(browser, base, session, viewport, '/admin/dashboard');
    const quickLinks = page.getByRole('region', { name: 'روابط سريعة' });
    // The spec's quick links (admin-side section 2), in its order, then the two public pages (all drawn at once).
    await quickLinks.getByRole('link').last().waitFor();
    const hrefs = await quickLinks.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs.slice(0, 8)).toEqual([
      '/admin/requests',
      '/admin/statistics',
      '/admin/homepage-statistics',
      '/admin/locations',
      '/admin/content-edit',
      '/admin/main#food',
      '/admin/whatsapp-auto-response',
      '/admin/quick-messages',
    ]);
    // The spec lists /admin/sticker-management, which it also calls the same page as /admin/stickers.
    expect(['/admin/sticker-management', '/admin/stickers']).toContain(hrefs[8]);
    expect(hrefs.slice(9)).toEqual(['/admin/impact-reports', '/', '/governance']);
    // Only the public site and the governance page open in a new tab, without access to this one.
    const newTab = await quickLinks
      .locator('a[target="_blank"]')
      .evaluateAll((links) => links.map((a) => [a.getAttribute('href'), (a.getAttribute('rel') ?? '').split(' ').includes('noopener')]));
    expect(newTab).toEqual([
      ['/', true],
      ['/governance', true],
    ]);
    const link = quickLinks.getByRole('link', { name: 'إعدادات حساب الطعام' });
    expect(await link.getAttribute('href')).toBe('/admin/main#food');
    // The food settings cannot be read at first: an Arabic error with a retry button, which reads them again.
    const foodSettings = '**/api/admin/food-calculation-settings';
    await page.route(foodSettings, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' })
        : route.fallback(),
    );
    await link.click();
    const loadFailed = page.getByRole('alert').filter({ hasText: 'تعذّر تحميل إعدادات حساب الطعام' });
    await loadFailed.waitFor();
    expect(await page.getByRole('heading', { name: 'حساب كمية الطعام المحفوظ' }).count()).toBe(0);
    await screenshot(page, 'admin-food-calculation-load-failed-1280');
    await page.unroute(foodSettings);
    await loadFailed.getByRole('button', { name: 'إعادة المحاولة' }).click();
    await page.getByRole('heading', { name: 'حساب كمية الطعام المحفوظ' }).waitFor();
    expect(await loadFailed.count()).toBe(0);
    await editFoodCalculation(page, 'desktop', viewport);

    // The statistics screen (inside the app) when its calls fail: the spec's toasts with the server's words.
    await page.route('**/api/statistics/generate', failWith('عطل في التوليد'));
    await page.route(/\/api\/statistics\?/, failWith('عطل في القراءة'));
    await goInApp(page, '/admin/statistics');
    await page.getByText('فشل في استرجاع الإحصائيات: عطل في القراءة').waitFor();
    await page.getByText('تعذّر تحميل الإحصائيات').waitFor();
    await screenshot(page, 'admin-statistics-load-failed-1280');

    await page.unroute(/\/api\/statistics\?/);
    await page.getByRole('button', { name: 'تحديث', exact: true }).click();
    await page.getByText('فشل في تحديث الإحصائيات: عطل في التوليد').waitFor();

    await page.route('**/api/statistics/export-ticket', failWith('عطل في التصدير'));
    await page.getByRole('button', { name: 'تصدير Excel' }).click();
    await page.getByText('خطأ في التصدير: عطل في التصدير').waitFor();

    // No stored session: the export is refused before any call.
    await page.evaluate(() => ['adminToken', 'adminUser', 'tokenExpiry'].forEach((k) => localStorage.removeItem(k)));
    await page.getByRole('button', { name: 'تصدير Excel' }).click();
    await page.getByText('خطأ في المصادقة: يرجى تسجيل الدخول مرة أخرى').waitFor();
    await page.close();
  });

  it('opens the food calculation tab, edits it, and keeps the tab in the URL (phone)', async () => {
    // (The quick link that leads here and its target: the 1280 px test and the dashboard's link list.)
    const page = await signedInPage(browser, base, session, VIEWPORTS.phone, '/admin/main#food');
    await editFoodCalculation(page, 'phone', VIEWPORTS.phone);
    await page.close();
  });
});
