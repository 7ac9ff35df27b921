import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page, Request, Route } from 'playwright-core';
import { launchChromium, screenshot, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';

/**
 * The public site in Chromium. Calls the server does not answer yet (404) get stubs of the agreed
 * shapes; map tiles and reverse geocoding are answered here (the tests run without internet).
 */

const STUBS: Record<string, unknown> = {
  '/api/content': [
    { key: 'contact_phone', value: '0551234567' },
    { key: 'contact_email', value: 'info@example.org' },
    { key: 'license_number', value: '1234' },
    { key: 'registration_date', value: '2024-01-15' },
  ],
  '/api/simple-location-options': {
    areas: [
      { name: 'ينبع البحر', value: 'yanbu_city' },
      { name: 'ينبع الصناعية', value: 'yanbu_industrial' },
      { name: 'ينبع النخل', value: 'yanbu_nakhl' },
    ],
    districts: [
      { id: 1, name: 'الصريف', value: 'al_sarif', areaValue: 'yanbu_city' },
      { id: 2, name: 'السميري', value: 'al_sumairi', areaValue: 'yanbu_city' },
      { id: 3, name: 'الفيروز', value: 'al_fairouz', areaValue: 'yanbu_industrial' },
    ],
  },
  '/api/dropdown-options': {
    eventTypes: [
      { value: 'wedding', label: 'حفل زواج' },
      { value: 'graduation', label: 'حفل تخرج' },
    ],
    foodTypes: [
      { value: 'rice', label: 'أرز' },
      { value: 'meat', label: 'لحوم' },
    ],
    importantPlaces: [
      { value: 'wedding_king_fahd_civic_center', label: 'مركز الملك فهد الحضاري - ينبع الصناعية' },
      { value: 'hotel_radisson_blu_yanbu', label: 'فندق راديسون بلو ينبع' },
      { value: 'company_sabic', label: 'شركة سابك' },
      { value: 'danat_mall', label: 'دانة مول' },
    ],
  },
  '/api/homepage-statistics': {
    totalRequests: 120,
    uniquePhones: 90,
    completedRequests: 80,
    estimatedFoodKg: 4000,
    familiesBenefited: 1900,
  },
  '/api/system/site-blocked': { blocked: false, setting: null },
};

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=', 'base64');

type Handler = (route: Route, request: Request) => Promise<void> | void;

interface SiteOptions {
  /** Per-path handlers that replace the server for this page (for example a 409 on POST /api/requests). */
  api?: Record<string, Handler>;
  /** Reverse geocoding answers. */
  primaryGeocode?: Handler;
  backupGeocode?: Handler;
}

/** True for an answer whose lists are all empty (a database without the seeded options). */
function isEmptyList(body: string): boolean {
  try {
    const value = JSON.parse(body) as unknown;
    if (Array.isArray(value)) return value.length === 0;
    if (value && typeof value === 'object') {
      const lists = Object.values(value).filter(Array.isArray);
      return lists.length > 0 && lists.every((l) => l.length === 0);
    }
  } catch {
    return false;
  }
  return false;
}

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

describe('the public site in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await t?.close();
  });

  async function newContext(
    viewport: { width: number; height: number } = VIEWPORTS.phone,
    geolocation?: { latitude: number; longitude: number; accuracy: number },
  ) {
    const context = await browser.newContext({
      viewport,
      locale: 'ar-SA',
      timezoneId: 'Asia/Riyadh',
      ...(geolocation ? { geolocation, permissions: ['geolocation'] } : {}),
    });
    contexts.push(context);
    return context;
  }

  /** Routes the page's calls: the real server first, the agreed stubs where it answers 404, no internet. */
  async function wire(page: Page, options: SiteOptions = {}) {
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
      if (url.origin !== new URL(base).origin) return route.abort();
      const own = options.api?.[url.pathname];
      if (own) return own(route, request);
      if (!url.pathname.startsWith('/api/')) return route.continue();
      const response = await route.fetch();
      if (url.pathname in STUBS && (response.status() === 404 || (response.ok() && isEmptyList(await response.text())))) {
        return json(route, 200, STUBS[url.pathname]);
      }
      if (response.status() === 404 && request.method() === 'POST' && url.pathname === '/api/requests') {
        return json(route, 201, { id: 1024, status: 'received', message: 'تم استلام طلبك' });
      }
      if (response.status() === 404 && request.method() === 'POST' && url.pathname === '/api/quick-messages') {
        const body = request.postDataJSON() as Record<string, string>;
        return json(route, 201, {
          id: 7,
          status: 'pending',
          inquiryType: body.inquiryType,
          inquirySubject: body.inquirySubject,
          message: 'تم استلام رسالتك، وسنرد عليك عبر واتساب.',
        });
      }
      return route.fulfill({ response });
    });
  }

  async function open(
    path: string,
    options: SiteOptions & { viewport?: { width: number; height: number }; context?: BrowserContext } = {},
  ) {
    const context = options.context ?? (await newContext(options.viewport));
    const page = await context.newPage();
    await wire(page, options);
    const response = await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.fonts.ready);
    return { page, status: response?.status() ?? 0 };
  }

  /** Runs axe-core in the page and returns the serious and critical violations. */
  async function axeViolations(page: Page): Promise<string[]> {
    // Evaluated through the DevTools protocol: the page's Content-Security-Policy forbids inline scripts.
    await page.evaluate(readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8'));
    return page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (ctx: Document) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }>;
          };
        }
      ).axe;
      const result = await axe.run(document);
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
  }

  const toast = (page: Page) => page.locator('.toast').last();

  /** Picks a date a week from today (Asia/Riyadh) in the calendar. */
  async function pickDate(page: Page, daysAhead = 7): Promise<string> {
    const target = addDaysToDateString(riyadhDateString(new Date()), daysAhead);
    await page.locator('#rf-eventDate').click();
    const cell = page.locator(`td[data-day="${target}"]:not([data-outside]) button`);
    await page.locator('.calendar').waitFor();
    if ((await cell.count()) === 0) await page.locator('.rdp-button_next').click();
    await cell.click();
    return target;
  }

  const districtValues = (page: Page) =>
    page.locator('#rf-district option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value).filter(Boolean));

  /** Fills every required field with a venue from the list. */
  async function fillWithVenue(page: Page) {
    await page.locator('#rf-eventType').selectOption('wedding');
    await page.locator('#rf-attendeeCount').fill('١٥٠');
    const date = await pickDate(page);
    await page.locator('#rf-endTime').fill('2230');
    await page.locator('#rf-endTime').blur();
    await page.getByLabel('مكان معروف').check();
    await page.locator('#rf-importantPlace').selectOption('wedding_king_fahd_civic_center');
    await page.locator('#rf-organizerName').fill('محمد أحمد');
    await page.locator('#rf-organizerPhone').fill('٠٥٥١٢٣٤٥٦٧');
    await page.locator('#rf-organizerPhone').blur();
    await page.locator('#rf-termsAccepted').check();
    await page.locator('#rf-whatsappOptIn').check();
    return date;
  }

  it('keeps the home page first download under 150 KB of gzipped JavaScript', () => {
    const dist = resolve('public-ui/dist');
    const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
    const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(files.length).toBeGreaterThan(0);
    const total = files.reduce((sum, f) => sum + gzipSync(readFileSync(resolve(dist, `.${f}`)), { level: 9 }).length, 0);
    // Neither the calendar nor the map is part of it.
    expect(files.some((f) => /Calendar|MapPicker|leaflet/i.test(f))).toBe(false);
    expect(total / 1024).toBeLessThan(150);
  });

  it('lets a visitor fill the form by picking a venue and send it', async () => {
    const { page } = await open('/#request-form');
    const form = page.locator('form.request-form');
    await form.waitFor();
    // Submit stays disabled until both boxes are ticked.
    const submit = page.getByRole('button', { name: 'إرسال الطلب' });
    expect(await submit.isDisabled()).toBe(true);

    // Venues are grouped by their value prefix.
    await page.getByLabel('مكان معروف').check();
    const groups = await page.locator('#rf-importantPlace optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label')));
    expect(groups).toEqual(['قاعات الأفراح', 'الفنادق', 'الشركات', 'مراكز تجارية']);

    const date = await fillWithVenue(page);
    // Arabic digits converted, phone normalised on blur, time in 24-hour form.
    expect(await page.locator('#rf-attendeeCount').inputValue()).toBe('150');
    expect(await page.locator('#rf-organizerPhone').inputValue()).toBe('0551234567');
    expect(await page.locator('#rf-endTime').inputValue()).toBe('22:30');
    // The calendar's choice shows the Gregorian date with the Hijri one.
    expect(await page.locator('#rf-eventDate').innerText()).toMatch(/هـ/);
    await screenshot(page, 'public-request-form-filled-390');

    // Changing the date clears the end time.
    await pickDate(page, 8);
    expect(await page.locator('#rf-endTime').inputValue()).toBe('');
    await pickDate(page, 7);
    await page.locator('#rf-endTime').fill('22:30');

    expect(await submit.isDisabled()).toBe(false);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/requests') && r.method() === 'POST'),
      submit.click(),
    ]);
    const body = request.postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      eventType: 'wedding',
      attendeeCount: 150,
      eventDate: date,
      endTime: '22:30',
      locationType: 'important_place',
      importantPlace: 'wedding_king_fahd_civic_center',
      fullAddress: 'مركز الملك فهد الحضاري - ينبع الصناعية',
      organizerName: 'محمد أحمد',
      organizerPhone: '0551234567',
      organizerEmail: null,
      whatsappOptIn: true,
    });
    expect(typeof body.consentText).toBe('string');
    expect(body.userAgent).toBeTruthy();
    await toast(page).getByText('تم إرسال طلبك بنجاح').waitFor();
    expect(await toast(page).innerText()).toMatch(/#\d+/);
    expect(await toast(page).innerText()).toContain('أرسل رسالة واتساب إلى رقم الجمعية');
    // The form starts again empty.
    expect(await page.locator('#rf-organizerName').inputValue()).toBe('');
    await screenshot(page, 'public-request-form-sent-390');
  });

  it('uses GPS with the accuracy label, locks the address fields and resets them; falls back to the backup, then coordinates', async () => {
    const context = await newContext(VIEWPORTS.phone, { latitude: 24.0895, longitude: 38.0618, accuracy: 8 });
    let primaryCalls = 0;
    let primaryFails = false;
    let backupFails = false;
    const { page } = await open('/#request-form', {
      context,
      primaryGeocode: async (route, request) => {
        primaryCalls += 1;
        expect(new URL(request.url()).searchParams.get('accept-language')).toBe('ar');
        if (primaryFails) return json(route, 500, {});
        return json(route, 200, { address: { road: 'شارع الملك عبدالعزيز', suburb: 'حي الصريف', city: 'ينبع' } });
      },
      backupGeocode: async (route) =>
        backupFails
          ? json(route, 503, {})
          : json(route, 200, { locality: 'حي السميري', city: 'ينبع', principalSubdivision: 'المدينة المنورة' }),
    });
    await page.locator('form.request-form').waitFor();
    // A residential address half typed in, then GPS.
    await page.getByLabel('عنوان سكني').check();
    // Districts follow the area (the seeded lists, or the stubs when the server has none yet).
    await page.locator('#rf-area').selectOption('yanbu_city');
    const cityDistricts = await districtValues(page);
    expect(cityDistricts.length).toBeGreaterThan(0);
    await page.locator('#rf-district').selectOption(cityDistricts[0]!);
    // Changing the area clears the district.
    await page.locator('#rf-area').selectOption('yanbu_industrial');
    expect(await page.locator('#rf-district').inputValue()).toBe('');
    const industrialDistricts = await districtValues(page);
    expect(industrialDistricts).not.toEqual(cityDistricts);
    await page.locator('#rf-district').selectOption(industrialDistricts[0]!);

    await page.getByRole('button', { name: 'استخدم موقعي الحالي' }).click();
    const pinned = page.getByTestId('pinned-location');
    await pinned.getByText('شارع الملك عبدالعزيز، حي الصريف، ينبع').waitFor();
    expect(primaryCalls).toBe(1);
    expect(await pinned.innerText()).toContain('الدقة: عالية');
    // Locked and cleared.
    expect(await page.getByLabel('عنوان سكني').isDisabled()).toBe(true);
    expect(await page.getByLabel('مكان معروف').isDisabled()).toBe(true);
    expect(await page.locator('#rf-area').isDisabled()).toBe(true);
    expect(await page.locator('#rf-area').inputValue()).toBe('');
    expect(await page.locator('#rf-district').inputValue()).toBe('');
    expect(await page.locator('#rf-buildingNumber').isDisabled()).toBe(true);
    expect(await page.locator('#rf-landmarks').inputValue()).toContain('الموقع الحالي');
    await screenshot(page, 'public-request-form-gps-390');

    // Reset unlocks and clears.
    await page.getByRole('button', { name: 'إعادة تعيين الموقع' }).click();
    expect(await pinned.count()).toBe(0);
    expect(await page.getByLabel('عنوان سكني').isDisabled()).toBe(false);
    expect(await page.getByLabel('عنوان سكني').isChecked()).toBe(false);
    expect(await page.locator('#rf-area').count()).toBe(0);
    expect(await page.locator('#rf-landmarks').inputValue()).toBe('');

    // Primary down: the backup answers.
    primaryFails = true;
    await page.getByRole('button', { name: 'استخدم موقعي الحالي' }).click();
    await pinned.getByText('حي السميري، ينبع، المدينة المنورة').waitFor();
    await page.getByRole('button', { name: 'إعادة تعيين الموقع' }).click();

    // Both down: the coordinates and a zoom-19 map link; a lower accuracy label.
    backupFails = true;
    await context.setGeolocation({ latitude: 24.1, longitude: 38.05, accuracy: 30 });
    await page.getByRole('button', { name: 'استخدم موقعي الحالي' }).click();
    await pinned.getByText('24.100000, 38.050000').waitFor();
    expect(await pinned.innerText()).toContain('الدقة: متوسطة');
    const href = await pinned.getByRole('link', { name: 'فتح الموقع في الخريطة' }).getAttribute('href');
    expect(href).toContain('24.100000,38.050000');
    expect(href).toContain('z=19');

    // The form sends the GPS location with its coordinates.
    await page.locator('#rf-eventType').selectOption('graduation');
    await page.locator('#rf-attendeeCount').fill('40');
    await pickDate(page, 3);
    await page.locator('#rf-endTime').fill('21:00');
    await page.locator('#rf-organizerName').fill('سارة');
    await page.locator('#rf-organizerPhone').fill('+966 55 123 4567');
    await page.locator('#rf-termsAccepted').check();
    await page.locator('#rf-whatsappOptIn').check();
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/requests') && r.method() === 'POST'),
      page.getByRole('button', { name: 'إرسال الطلب' }).click(),
    ]);
    const body = request.postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      locationType: 'custom',
      area: '',
      district: '',
      latitude: 24.1,
      longitude: 38.05,
      organizerPhone: '0551234567',
    });
    expect(String(body.landmarks)).toContain('الموقع الحالي');
    expect(body.fullAddress).toBe(body.landmarks);
  });

  it('explains a refused location permission', async () => {
    const context = await newContext(VIEWPORTS.phone);
    const { page } = await open('/#request-form', { context });
    await page.locator('form.request-form').waitFor();
    await page.getByRole('button', { name: 'استخدم موقعي الحالي' }).click();
    await page.getByText('لم يُسمح بالوصول إلى موقعك').waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'رمز القفل' }).count()).toBe(1);
  });

  it('opens the map only when asked, and a picked point locks the address like GPS', async () => {
    const { page } = await open('/#request-form');
    await page.locator('form.request-form').waitFor();
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => /MapPicker|Calendar/.test(n)),
      );
    expect(await scripts()).toEqual([]);
    await page.getByRole('button', { name: 'اختر من الخريطة' }).click();
    await page.locator('.leaflet-container').waitFor();
    expect((await scripts()).some((n) => n.includes('MapPicker'))).toBe(true);
    await page.locator('.leaflet-container').click({ position: { x: 120, y: 100 } });
    await page.getByRole('button', { name: 'تأكيد الموقع' }).click();
    await page.getByTestId('pinned-location').getByText('تم تحديد الموقع من الخريطة').waitFor();
    expect(await page.getByLabel('عنوان سكني').isDisabled()).toBe(true);
  });

  it('names the missing fields in a toast and focuses the first one', async () => {
    const { page } = await open('/#request-form');
    await page.locator('form.request-form').waitFor();
    await page.locator('#rf-termsAccepted').check();
    await page.locator('#rf-whatsappOptIn').check();
    await page.getByRole('button', { name: 'إرسال الطلب' }).click();
    const shown = toast(page);
    await shown.getByText('يرجى إكمال البيانات المطلوبة (7 حقول ناقصة)').waitFor();
    const items = await shown.locator('li').allInnerTexts();
    expect(items[0]).toBe('نوع المناسبة');
    expect(items).toContain('جوال المنظّم');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('rf-eventType');
    expect(await page.locator('#rf-eventType-error').innerText()).toBe('يرجى اختيار نوع الفعالية');
    await screenshot(page, 'public-request-form-missing-390');
    await page.screenshot({ path: resolve('test-results/screenshots/public-toast-missing-390.png') });

    await page.locator('#rf-eventType').selectOption('wedding');
    await page.getByRole('button', { name: 'إرسال الطلب' }).click();
    await shown.getByText('يرجى إكمال البيانات المطلوبة (6 حقول ناقصة)').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('rf-attendeeCount');
    // The focused field is scrolled onto the screen.
    await page.waitForFunction(() => {
      const r = document.getElementById('rf-attendeeCount')!.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= window.innerHeight;
    });
  });

  it('shows the duplicate toast with the existing request number, the limit toast, and other errors', async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { statusCode: 409, code: 'DUPLICATE_REQUEST', message: 'يوجد طلب مماثل', details: { existingRequestId: 1024 } },
    };
    const { page } = await open('/#request-form', {
      api: { '/api/requests': (route) => json(route, answer.status, answer.body) },
    });
    await page.locator('form.request-form').waitFor();
    await fillWithVenue(page);
    const submit = page.getByRole('button', { name: 'إرسال الطلب' });
    await submit.click();
    await toast(page).getByText('طلب مكرر').waitFor();
    const text = await toast(page).innerText();
    expect(text).toContain('#1024');
    expect(text).toContain('اختر تاريخاً مختلفاً');
    await screenshot(page, 'public-request-duplicate-390');
    await toast(page).screenshot({ path: resolve('test-results/screenshots/public-toast-duplicate-390.png') });

    answer = { status: 409, body: { statusCode: 409, code: 'ACTIVE_REQUESTS_LIMIT', message: 'حد', details: { activeRequestsCount: 2 } } };
    await submit.click();
    await toast(page).getByText('وصلت إلى الحد الأقصى للطلبات').waitFor();
    expect(await toast(page).innerText()).toContain('عدد طلباتك القائمة: 2');

    answer = {
      status: 503,
      body: { statusCode: 503, code: 'SITE_BLOCKED', message: 'الموقع متوقف مؤقتاً للصيانة', details: { blocked: true } },
    };
    await submit.click();
    await toast(page).getByText('الموقع متوقف مؤقتاً للصيانة').waitFor();
    expect(await toast(page).innerText()).toContain('تعذّر إرسال الطلب');

    answer = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'بيانات غير صحيحة',
        errors: { attendeeCount: 'العدد الأدنى للحضور هو 10 أشخاص' },
      },
    };
    await submit.click();
    await page.locator('#rf-attendeeCount-error').getByText('العدد الأدنى للحضور هو 10 أشخاص').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('rf-attendeeCount');
  });

  it('sends a quick message with the type and subject read from the message', async () => {
    const { page } = await open('/#contact');
    await page.locator('#qm-name').fill('خالد');
    await page.locator('#qm-phone').fill('+966 55 765 4321');
    await page.locator('#qm-message').fill('أرغب في التطوع معكم في توزيع الوجبات');
    await page.getByTestId('quick-message-preview').getByText('الاستفسار عن التطوع').waitFor();
    expect(
      (await page.getByText('سيصلك الرد عبر واتساب', { exact: false }).count()) +
        (await page.getByText('نرد عليك عبر واتساب', { exact: false }).count()),
    ).toBeGreaterThan(0);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/quick-messages') && r.method() === 'POST'),
      page.getByRole('button', { name: 'إرسال الرسالة' }).click(),
    ]);
    expect(request.postDataJSON()).toEqual({
      senderName: 'خالد',
      senderPhone: '0557654321',
      inquiryType: 'الاستفسار عن التطوع',
      inquirySubject: 'التطوع',
      originalMessage: 'أرغب في التطوع معكم في توزيع الوجبات',
    });
    await toast(page).getByText('تم إرسال رسالتك').waitFor();
    expect(await page.locator('#qm-message').inputValue()).toBe('');
    await screenshot(page, 'public-quick-message-390');
  });

  it('shows the server message when a quick message fails, and checks the form first', async () => {
    const { page } = await open('/#contact', {
      api: {
        '/api/quick-messages': (route) =>
          json(route, 429, { statusCode: 429, code: 'RATE_LIMITED', message: 'تم تجاوز عدد المحاولات المسموح، يرجى المحاولة بعد قليل' }),
      },
    });
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await toast(page).getByText('يرجى تعبئة جميع الحقول').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('qm-name');
    await page.locator('#qm-name').fill('خالد');
    await page.locator('#qm-phone').fill('0557654321');
    await page.locator('#qm-message').fill('عرض ترويج لمنتج');
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await page.getByText('الكلمة "ترويج" غير مسموحة في الاستفسار - يرجى إزالتها وإعادة الإرسال').first().waitFor();
    await page.locator('#qm-message').fill('هل لديكم خدمة في ينبع النخل؟');
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await toast(page).getByText('تم تجاوز عدد المحاولات المسموح، يرجى المحاولة بعد قليل').waitFor();
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
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        const { page, status } = await open(p.path, { viewport });
        expect(status).toBe(p.status ?? 200);
        await page.getByText(p.expect).first().waitFor();
        if (p.path === '/') await page.locator('form.request-form').waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await screenshot(page, `public-${p.name}-${viewport.width}`);
        expect(size).toBeTruthy();
        await page.close();
      }
    });
  }

  it('keeps the STOP and WhatsApp consent rules in the privacy policy and terms', async () => {
    const { page } = await open('/privacy-policy');
    const privacy = await page.locator('main').innerText();
    expect(privacy).toContain('«إيقاف» أو STOP');
    await page.goto(base + '/terms-of-service', { waitUntil: 'networkidle' });
    const terms = await page.locator('main').innerText();
    expect(terms).toContain('4 ساعات قبل موعد الاستلام');
    expect(terms).toContain('«اشتراك» أو START');
  });

  it('sends visitors to /blocked while the site is blocked, with contact details and the admin entry', async () => {
    for (const viewport of Object.values(VIEWPORTS)) {
      const { page } = await open('/about', {
        viewport,
        api: {
          '/api/system/site-blocked': (route) => json(route, 200, { blocked: true, setting: { description: 'صيانة', updatedAt: null } }),
        },
      });
      await page.waitForURL(/\/blocked$/);
      await page.getByText('الموقع متوقف مؤقتاً').first().waitFor();
      expect(await page.locator('a[href="/admin/login"]').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `public-blocked-${viewport.width}`);
      await page.close();
    }
  });

  it('shows the request form on a desktop screen', async () => {
    const { page } = await open('/#request-form', { viewport: VIEWPORTS.desktop });
    await page.locator('form.request-form').waitFor();
    await page.getByLabel('عنوان سكني').check();
    await page.locator('#rf-eventDate').click();
    await page.locator('.calendar').waitFor();
    // Saturday first, in Arabic.
    const firstWeekday = await page.locator('.rdp-weekday').first().getAttribute('aria-label');
    expect(firstWeekday).toBe('السبت');
    // Days before today are disabled.
    const yesterday = addDaysToDateString(riyadhDateString(new Date()), -1);
    const cell = page.locator(`td[data-day="${yesterday}"]`);
    if ((await cell.count()) > 0) expect(await cell.getAttribute('data-disabled')).toBe('true');
    await screenshot(page, 'public-request-form-calendar-1280');
  });
});
