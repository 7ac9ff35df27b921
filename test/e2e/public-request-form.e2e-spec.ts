import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { screenshot, VIEWPORTS } from '../support/browser';
import { fillWithVenue, json, pickDate, PublicSite, submitRequest, toast } from '../support/public-site';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';

/**
 * Closes the toast with its button, as a visitor does to reach the submit button it covers on a phone
 * (a click would otherwise wait for the toast to go by itself).
 */
async function closeToast(page: Page) {
  await toast(page).getByRole('button', { name: 'إغلاق التنبيه' }).click();
  await page.locator('.toast[data-state="open"]').waitFor({ state: 'detached' });
}

describe('the public request form in Chromium', () => {
  let site: PublicSite;
  // One page for the whole file (one load of the site): each test goes on from the form as the one
  // before it left it — the calendar at 1280 px on the empty form, then at 390 px a request sent, the
  // emptied form submitted, and the same request sent again.
  let page: Page;
  // A server answer given in place of the server's (null: the real server answers). Only for the
  // refusals shown after the real duplicate: test/integration/requests-create.int-spec.ts checks that
  // the server gives them with these codes and details.
  let canned: { status: number; body: unknown } | null = null;
  // The request the first test sent.
  let sentId: number;

  beforeAll(async () => {
    site = await PublicSite.start('public-ui-form');
    ({ page } = await site.open('/#request-form', {
      viewport: VIEWPORTS.desktop,
      api: { '/api/requests': (route) => (canned ? json(route, canned.status, canned.body) : route.continue()) },
    }));
    await page.locator('form.request-form').waitFor();
  });
  afterAll(async () => {
    await site?.close();
  });

  it('shows the request form and its calendar on a desktop screen', async () => {
    await page.getByLabel('عنوان سكني').check();
    await page.locator('#rf-eventDate').click();
    await page.locator('.calendar').waitFor();
    // Saturday first, in Arabic.
    const firstWeekday = await page.locator('.rdp-weekday').first().getAttribute('aria-label');
    expect(firstWeekday).toBe('السبت');
    // Without a store link configured there is no app banner pointing nowhere.
    expect(await page.locator('.app-banner').count()).toBe(0);
    // Its buttons are named in Arabic for screen readers (not "Go to the Next Month").
    await page.getByRole('button', { name: 'اذهب إلى الشهر التالي' }).waitFor();
    // Days before today are disabled.
    const yesterday = addDaysToDateString(riyadhDateString(new Date()), -1);
    const cell = page.locator(`td[data-day="${yesterday}"]`);
    if ((await cell.count()) > 0) expect(await cell.getAttribute('data-disabled')).toBe('true');
    await screenshot(page, 'public-request-form-calendar-1280');
    // Escape closes it.
    await page.keyboard.press('Escape');
    await page.locator('.calendar').waitFor({ state: 'detached' });
  });
  it('lets a visitor fill the form by picking a venue and send it', async () => {
    await page.setViewportSize(VIEWPORTS.phone);
    const form = page.locator('form.request-form');
    // The spec's five sections, in order.
    const sections = await form.locator(':scope > fieldset.form-section > legend').evaluateAll((legends) =>
      legends.map((l) =>
        [...l.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent)
          .join('')
          .trim(),
      ),
    );
    expect(sections).toEqual(['بيانات المناسبة', 'بيانات الموقع', 'بيانات المنظّم', 'معلومات إضافية', 'إشعارات واتساب والموافقات']);
    // Submit stays disabled until both boxes are ticked: neither one alone enables it.
    const submit = page.getByRole('button', { name: 'إرسال الطلب' });
    expect(await submit.isDisabled()).toBe(true);
    await page.locator('#rf-termsAccepted').check();
    expect(await submit.isDisabled()).toBe(true);
    await page.locator('#rf-termsAccepted').uncheck();
    await page.locator('#rf-whatsappOptIn').check();
    expect(await submit.isDisabled()).toBe(true);
    await page.locator('#rf-whatsappOptIn').uncheck();

    // Venues are listed under the group stored for each (the seeded ones; places other files added may
    // add «أماكن أخرى» at the end).
    await page.getByLabel('مكان معروف').check();
    const groups = await page.locator('#rf-importantPlace optgroup').evaluateAll((els) => els.map((e) => e.getAttribute('label')));
    expect(groups.slice(0, 4)).toEqual(['قاعات الأفراح والمناسبات', 'الفنادق', 'الشركات والجهات', 'المراكز التجارية']);
    expect(groups.slice(4).every((label) => label === 'أماكن أخرى')).toBe(true);

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

    // The location phone is normalised on blur like the organizer's; food types and notes go with the request.
    await page.locator('#rf-locationPhone').fill('+966 50 111 2222');
    await page.locator('#rf-locationPhone').blur();
    expect(await page.locator('#rf-locationPhone').inputValue()).toBe('0501112222');
    const chips = page.locator('input[name="foodTypes"]');
    const foods = (await chips.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).slice(0, 2);
    expect(foods).toHaveLength(2);
    for (const food of foods) await page.locator(`input[name="foodTypes"][value="${food}"]`).check();
    await page.locator('#rf-additionalNotes').fill('المدخل الخلفي بجوار المطبخ');

    // While the request is on its way the button says so and cannot send it twice.
    expect(await submit.isDisabled()).toBe(false);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    await page.route('**/api/requests', async (route) => {
      posts += 1;
      await held;
      await route.fallback();
    });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/requests') && r.request().method() === 'POST');
    await submit.click();
    const sending = page.getByRole('button', { name: 'جارٍ الإرسال…' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    await sending.click({ force: true });
    release();
    const response = await answered;
    await page.unroute('**/api/requests');
    expect(response.status()).toBe(201);
    expect(posts).toBe(1);
    const created = (await response.json()) as { id: number; status: string };
    sentId = created.id;
    expect(created.status).toBe('received');
    const body = response.request().postDataJSON() as Record<string, unknown>;
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
      locationPhone: '0501112222',
      foodTypes: foods,
      additionalNotes: 'المدخل الخلفي بجوار المطبخ',
      whatsappOptIn: true,
    });
    expect(typeof body.consentText).toBe('string');
    expect(body.userAgent).toMatch(/Chrome/);
    await toast(page).getByText('تم إرسال طلبك بنجاح').waitFor();
    expect(await toast(page).innerText()).toMatch(/#\d+/);
    expect(await toast(page).innerText()).toContain('أرسل رسالة واتساب إلى رقم الجمعية');
    expect(await toast(page).innerText()).toContain(`#${created.id}`);
    // The form starts again empty.
    expect(await page.locator('#rf-organizerName').inputValue()).toBe('');
    await screenshot(page, 'public-request-form-sent-390');

    // What the charity's database now holds: the canonical phone, the server's own fullAddress, the
    // browser's real address and user agent, and the WhatsApp consent with its text.
    const [row] = (await site.db.query(
      `SELECT organizer_phone, location_phone, food_types, additional_notes, full_address, ip_address, status, attendee_count
         FROM requests WHERE id = $1`,
      [created.id],
    )) as Array<Record<string, unknown>>;
    expect(row).toEqual({
      organizer_phone: '0551234567',
      location_phone: '0501112222',
      food_types: foods,
      additional_notes: 'المدخل الخلفي بجوار المطبخ',
      full_address: 'مركز الملك فهد الحضاري - ينبع الصناعية',
      ip_address: '127.0.0.1',
      status: 'received',
      attendee_count: 150,
    });
    const [optIn] = (await site.db.query(
      `SELECT phone_number, opt_in_status, consent_method, consent_text, ip_address, user_agent FROM whatsapp_opt_ins WHERE request_id = $1`,
      [created.id],
    )) as Array<Record<string, unknown>>;
    expect(optIn).toMatchObject({
      phone_number: '+966551234567',
      opt_in_status: true,
      consent_method: 'request_form',
      consent_text: body.consentText,
      ip_address: '127.0.0.1',
    });
    expect(String(optIn.user_agent)).toContain('Chrome');
  });

  it('names the missing fields in a toast and focuses the first one', async () => {
    // The form as the sent request left it: empty again.
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
    await closeToast(page);
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
    const submit = page.getByRole('button', { name: 'إرسال الطلب' });
    // The request the first test sent, sent again: the real duplicate answer names it.
    await closeToast(page);
    await fillWithVenue(page);
    const duplicate = await submitRequest(page);
    expect(duplicate.status()).toBe(409);
    await toast(page).getByText('طلب مكرر').waitFor();
    const text = await toast(page).innerText();
    expect(text).toContain(`#${sentId}`);
    expect(text).toContain('اختر تاريخاً مختلفاً');
    await screenshot(page, 'public-request-duplicate-390');
    await toast(page).screenshot({ path: resolve('test-results/screenshots/public-toast-duplicate-390.png') });
    // What the visitor typed stays for another try.
    expect(await page.locator('#rf-organizerName').inputValue()).toBe('محمد أحمد');

    try {
      // A third active request for the phone (the server's answer, as requests-create.int-spec.ts has it).
      canned = {
        status: 409,
        body: { statusCode: 409, code: 'ACTIVE_REQUESTS_LIMIT', message: 'وصلت إلى الحد الأقصى', details: { activeRequestsCount: 2 } },
      };
      await closeToast(page);
      await submit.click();
      await toast(page).getByText('وصلت إلى الحد الأقصى للطلبات').waitFor();
      expect(await toast(page).innerText()).toContain('عدد طلباتك القائمة: 2');

      // The site blocked by an administrator meanwhile: the server's reason is shown.
      canned = {
        status: 503,
        body: {
          statusCode: 503,
          code: 'SITE_BLOCKED',
          message: 'استقبال الطلبات متوقف مؤقتاً: صيانة مجدولة للخادم',
          details: { blocked: true },
        },
      };
      await closeToast(page);
      await submit.click();
      await toast(page).getByText('تعذّر إرسال الطلب').waitFor();
      expect(await toast(page).innerText()).toContain('صيانة مجدولة للخادم');

      // A field error only the server finds goes on its field, which takes the focus.
      canned = {
        status: 400,
        body: {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          message: 'بيانات غير صحيحة',
          errors: { attendeeCount: 'العدد الأدنى للحضور هو 10 أشخاص' },
        },
      };
      await closeToast(page);
      await submit.click();
      await page.locator('#rf-attendeeCount-error').getByText('العدد الأدنى للحضور هو 10 أشخاص').waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('rf-attendeeCount');
    } finally {
      canned = null;
    }
  });
});
