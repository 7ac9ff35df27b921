import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { OFFLINE, proxyDown, SERVER_DOWN } from '../support/network-failures';
import { launchChromium, screenshot, signedInPage, VIEWPORTS, quiet } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/**
 * Admin-side section 8 on the settings, dashboard and emergency screens in Chromium against the real
 * server: each failure under the spec's heading with its reason, required fields said before anything is
 * sent, and the stored setting unchanged after a failure.
 */
/** Moves to `path` inside the loaded admin app (its router follows the history): no new document. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await quiet(page);
}

/** Closes the toasts still shown (Escape, as the spec allows), so the next screen's toasts are its own. */
async function closeToasts(page: Page): Promise<void> {
  const alerts = page.getByRole('region', { name: /^التنبيهات/ }).getByRole('alert');
  while ((await alerts.count()) > 0) {
    await page.keyboard.press('Escape');
    await alerts.first().waitFor({ state: 'detached' });
  }
}

describe('admin failure texts on settings, dashboard cards and emergency access', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:failure-settings-e2e` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'settings-failures')).token;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await db?.query(`DELETE FROM emergency_access_codes WHERE security_question = 'ما لون باب الجمعية؟'`);
    await db?.query(`DELETE FROM requests WHERE organizer_name = 'منظم الإعدادات'`);
    await t?.close();
  });

  const signedIn = (path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> =>
    signedInPage(browser, base, { token, username: 'settings-failures' }, viewport, path);
  const setting = async (key: string): Promise<string> =>
    (await db.query(`SELECT value FROM system_settings WHERE key = $1`, [key]))[0]?.value;

  /** Every POST the page sends, by path. */
  const posts = (page: Page): string[] => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') sent.push(new URL(request.url()).pathname);
    });
    return sent;
  };

  it('emergency access: the answer is required before sending; the question and the access failures under their headings (390 px)', async () => {
    const year = new Date().getFullYear();
    const code = `YNB-${year}-FAIL01`;
    await t.http
      .post('/api/admin/emergency-access-codes')
      .set({ authorization: `Bearer ${token}` })
      .send({ masterCode: code, securityQuestion: 'ما لون باب الجمعية؟', securityAnswer: 'أخضر' })
      .expect(201);
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    const sent = posts(page);
    await page.goto(base + '/admin/login');
    await quiet(page);
    await page.getByRole('button', { name: 'الدخول الطارئ' }).click();

    await page.route('**/api/auth/emergency-question', proxyDown());
    await page.getByLabel('رمز الطوارئ').fill(code);
    await page.getByRole('button', { name: 'متابعة' }).click();
    await page.getByText(`فشل في التحقق من رمز الطوارئ: ${SERVER_DOWN}`).waitFor();
    await screenshot(page, 'admin-emergency-question-failed-390');
    await page.unroute('**/api/auth/emergency-question');

    await page.getByRole('button', { name: 'متابعة' }).click();
    await page.getByText('ما لون باب الجمعية؟').waitFor();
    await page.getByRole('button', { name: 'الدخول', exact: true }).click();
    await page.getByText('يرجى إدخال إجابة سؤال الأمان').waitFor();
    expect(sent).not.toContain('/api/auth/emergency-access');

    await page.route('**/api/auth/emergency-access', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('إجابة سؤال الأمان').fill('أخضر');
    await page.getByRole('button', { name: 'الدخول', exact: true }).click();
    await page.getByText(`فشل في الدخول عبر رمز الطوارئ: ${OFFLINE}`).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    const [row] = await db.query(`SELECT usage_count FROM emergency_access_codes WHERE security_question = 'ما لون باب الجمعية؟'`);
    expect(row.usage_count).toBe(0);
    await page.close();
  });

  it('dashboard cards: verification, template mode, a test message and the broadcast fail under their headings, settings unchanged', async () => {
    const page = await signedIn('/admin/dashboard');
    const verificationBefore = await setting('admin_verification_required');
    await page.route('**/api/system/toggle-verification', proxyDown());
    const toggle = page.getByRole('button', { name: verificationBefore === 'false' ? 'تفعيل التحقق' : 'إيقاف التحقق' });
    await toggle.click();
    if (verificationBefore !== 'false') await page.getByRole('dialog').getByRole('button', { name: 'إيقاف التحقق' }).click();
    await page.getByText(`فشل في تحديث إعداد التحقق: ${SERVER_DOWN}`).first().waitFor();
    expect(await setting('admin_verification_required')).toBe(verificationBefore);

    const templates = page.locator('section[aria-labelledby="templates-card-title"]');
    const modeSwitch = templates.locator('input[name="useTemplates"]');
    expect(await modeSwitch.isChecked()).toBe(true);
    await page.route('**/api/admin/toggle-template-mode', (route) => route.abort('internetdisconnected'));
    await modeSwitch.click();
    await page.getByRole('dialog').getByRole('button', { name: 'إيقاف القوالب' }).click();
    await page.getByText(`فشل في تغيير وضع القوالب: ${OFFLINE}`).first().waitFor();
    expect(await setting('whatsapp_use_templates')).toBe('true');

    const tests = page.locator('section[aria-labelledby="whatsapp-test-card-title"]');
    await page.route('**/api/admin/test-whatsapp-single', proxyDown());
    await tests.locator('input[name="testNumber"]').fill('+966 550003333');
    await tests.getByRole('button', { name: 'إرسال رسالة تجريبية' }).click();
    await page.getByText(`فشل في إرسال رسالة الاختبار: ${SERVER_DOWN}`).first().waitFor();

    await page.route('**/api/admin/test-whatsapp-broadcast', proxyDown());
    await tests.getByRole('button', { name: 'إرسال إلى جميع المشرفين' }).click();
    await page.getByText(`فشل في الإرسال الجماعي: ${SERVER_DOWN}`).first().waitFor();
    await screenshot(page, 'admin-dashboard-failures-1280');
    await page.close();
  });

  it('emergency codes, then locations: each failure under its heading, nothing changed (1280 px)', async () => {
    // One page: the emergency codes, then the locations inside the app.
    // --- Emergency codes: the code is required, and a failed creation says «فشل في الإنشاء» with the reason,
    // creating nothing.
    const before = (await db.query(`SELECT count(*)::int AS n FROM emergency_access_codes`))[0].n;
    const page = await signedIn('/admin/emergency-codes');
    await page.getByRole('button', { name: 'إنشاء رمز جديد' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('رمز الطوارئ').fill('');
    await dialog.locator('input[name="securityQuestion"]').fill('ما اسم الحي؟');
    await dialog.locator('input[name="securityAnswer"]').fill('الشاطئ');
    await dialog.getByRole('button', { name: 'إنشاء الرمز' }).click();
    await dialog.getByText('يرجى إدخال رمز الطوارئ أو توليده').waitFor();

    await dialog.getByRole('button', { name: 'توليد رمز' }).click();
    await page.route('**/api/admin/emergency-access-codes', (route) =>
      route.request().method() === 'POST' ? proxyDown()(route) : route.continue(),
    );
    await dialog.getByRole('button', { name: 'إنشاء الرمز' }).click();
    await dialog.getByText(`فشل في الإنشاء: ${SERVER_DOWN}`).waitFor();
    expect((await db.query(`SELECT count(*)::int AS n FROM emergency_access_codes`))[0].n).toBe(before);
    await page.getByRole('dialog').getByRole('button', { name: 'إلغاء' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // --- Locations: district and place failures under their headings with the reason, nothing changed.
    const [area] = await db.query(`SELECT name, value FROM simple_areas WHERE value = 'yanbu_city'`);
    const [district] = await db.query(
      `INSERT INTO simple_districts (area_value, name, value) VALUES ($1, 'حي الإخفاق', 'fail_district_e2e') RETURNING id`,
      [area.value],
    );
    const [place] = await db.query(
      `INSERT INTO dropdown_options (type, value, label, is_active, sort_order, place_group)
       VALUES ('importantPlace', 'wedding_fail_e2e', 'قاعة الإخفاق', true, 999, 'wedding') RETURNING id`,
    );
    await closeToasts(page);
    await goInApp(page, '/admin/locations');
    const region = page.getByRole('region', { name: area.name });
    await region.getByText('حي الإخفاق').waitFor();
    const failure = (text: string) => page.getByRole('alert').filter({ hasText: text }).first();

    // The same district twice in an area: the server's reason under the heading.
    await page.getByLabel('المنطقة').click();
    await page.getByRole('option', { name: area.name }).click();
    await page.getByLabel('اسم الحي').fill('حي الإخفاق');
    await page.getByRole('button', { name: 'إضافة حي' }).click();
    await failure('خطأ في إضافة الحي: هذا الحي موجود في المنطقة').waitFor();
    expect((await db.query(`SELECT count(*)::int AS n FROM simple_districts WHERE name = 'حي الإخفاق'`))[0].n).toBe(1);

    // Deleted by another administrator meanwhile.
    await db.query(`DELETE FROM simple_districts WHERE id = $1`, [district.id]);
    await region.getByText('حي الإخفاق').locator('xpath=..').locator('svg').click();
    await page.getByRole('button', { name: 'تأكيد الحذف' }).click();
    await failure('خطأ في حذف الحي: الحي غير موجود').waitFor();

    // A place the connection fails to add: the dialog stays open with what was typed.
    await page.route('**/api/admin/important-places', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.getByRole('button', { name: 'إضافة مكان' }).click();
    const adding = page.getByRole('dialog', { name: 'إضافة مكان مهم' });
    await adding.getByLabel('اسم المكان').fill('قاعة لم تُضف');
    await adding.getByRole('combobox', { name: 'المجموعة' }).click();
    await page.getByRole('option', { name: 'قاعات الأفراح والمناسبات' }).click();
    await adding.getByRole('button', { name: 'إضافة المكان' }).click();
    // Said in the dialog (the modal hides the toast region from screen readers) and in the toast.
    await adding.getByRole('alert').filter({ hasText: 'خطأ في إضافة المكان: تعذّر الاتصال بالخادم' }).waitFor();
    await page.locator('.RaNotification-error').filter({ hasText: 'خطأ في إضافة المكان: تعذّر الاتصال بالخادم' }).waitFor();
    expect(await adding.getByLabel('اسم المكان').inputValue()).toBe('قاعة لم تُضف');
    await screenshot(page, 'admin-place-add-failed-1280');
    // The toast lies over the dialog's buttons until it goes; closed as a person would.
    await page.locator('.RaNotification-error').getByRole('button', { name: 'إغلاق التنبيه', includeHidden: true }).click();
    await page.locator('.RaNotification-error').waitFor({ state: 'detached' });
    await adding.getByRole('button', { name: 'إلغاء' }).click();
    await page.unroute('**/api/admin/important-places');
    expect(await db.query(`SELECT id FROM dropdown_options WHERE label = 'قاعة لم تُضف'`)).toEqual([]);

    // A place deleted by another administrator meanwhile: neither its edit nor its delete can go through.
    await db.query(`DELETE FROM dropdown_options WHERE id = $1`, [place.id]);
    await page.getByRole('button', { name: 'تعديل قاعة الإخفاق' }).click();
    const editing = page.getByRole('dialog', { name: 'تعديل المكان' });
    await editing.getByLabel('اسم المكان').fill('قاعة الإخفاق الكبرى');
    await editing.getByRole('button', { name: 'حفظ' }).click();
    await editing.getByRole('alert').filter({ hasText: 'خطأ في تحديث المكان: المكان غير موجود' }).waitFor();
    await page.locator('.RaNotification-error').getByRole('button', { name: 'إغلاق التنبيه', includeHidden: true }).click();
    await page.locator('.RaNotification-error').waitFor({ state: 'detached' });
    await editing.getByRole('button', { name: 'إلغاء' }).click();
    await page.getByRole('button', { name: 'حذف قاعة الإخفاق' }).click();
    await page.getByRole('dialog', { name: 'حذف المكان' }).getByRole('button', { name: 'تأكيد الحذف' }).click();
    await failure('خطأ في حذف المكان: المكان غير موجود').waitFor();
    await page.close();
  });

  it('locations and the desk: a place needs its fields before anything is sent; the bulk picker waits for a selection (390 px)', async () => {
    const page = await signedIn('/admin/locations', VIEWPORTS.phone);
    const sent = posts(page);
    await page.getByRole('button', { name: 'إضافة مكان' }).click();
    await page.getByRole('dialog', { name: 'إضافة مكان مهم' }).getByRole('button', { name: 'إضافة المكان' }).click();
    await page.getByText('يرجى ملء جميع الحقول المطلوبة').first().waitFor();
    expect(sent.filter((p) => p.includes('important-places'))).toEqual([]);
    // The toast lies over the dialog's buttons until it goes; closed as a person would, then the dialog.
    const toast = page.locator('.RaNotification-warning');
    await toast.getByRole('button', { name: 'إغلاق التنبيه', includeHidden: true }).click();
    await toast.waitFor({ state: 'detached' });
    const adding = page.getByRole('dialog', { name: 'إضافة مكان مهم' });
    await adding.getByRole('button', { name: 'إلغاء' }).click();
    await adding.waitFor({ state: 'detached' });

    // On the phone's cards the picker is always on screen: with nothing ticked it cannot be used (the desk,
    // reached inside the app).
    await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status)
       VALUES ('wedding', 60, '2026-12-21', '22:00', 'ينبع', 'custom', 'منظم الإعدادات', '0557711001', 'received')`,
    );
    await goInApp(page, '/admin/requests');
    const desk = page;
    await desk.getByText('منظم الإعدادات').first().waitFor();
    const picker = desk.getByLabel('إجراء على المحدد');
    await picker.waitFor();
    expect(await picker.getAttribute('aria-disabled')).toBe('true');
    expect(await desk.getByRole('button', { name: 'تطبيق' }).isDisabled()).toBe(true);
    await desk.close();
  });
});
