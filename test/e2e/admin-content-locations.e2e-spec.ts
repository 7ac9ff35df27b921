import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { launchChromium, quiet, screenshot, signedInPage, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

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

/** /admin/content-edit and /admin/locations in Chromium against the real server. */
describe('content edit and locations screens', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;
  let saved: { content: { key: string; value: string }[]; options: unknown[] };

  const signedIn = (viewport: { width: number; height: number }, path: string): Promise<Page> =>
    signedInPage(browser, base, { token, username: 'content-admin' }, viewport, path);

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:content-e2e` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'content-admin')).token;
    saved = {
      content: await db.query(`SELECT key, value FROM content_settings`),
      options: await db.query(`SELECT type, value, label, place_group, latitude, longitude, is_active, sort_order FROM dropdown_options`),
    };
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    // Later files find the content and lists as they were.
    for (const { key, value } of saved?.content ?? [])
      await db?.query(`UPDATE content_settings SET value = $2 WHERE key = $1`, [key, value]);
    await db?.query(`DELETE FROM dropdown_options`);
    type SavedOption = Record<'type' | 'value' | 'label' | 'place_group', string> & { latitude: number | null; longitude: number | null };
    for (const o of (saved?.options ?? []) as (SavedOption & { is_active: boolean; sort_order: number })[])
      await db?.query(
        `INSERT INTO dropdown_options (type, value, label, place_group, latitude, longitude, is_active, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [o.type, o.value, o.label, o.place_group, o.latitude, o.longitude, o.is_active, o.sort_order],
      );
    await t?.close();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`edits the content and the food list, the lists on the settings page, then districts and places (${size})`, async () => {
      // One page: content edit, then the settings page and the locations inside the app.
      const page = await signedIn(viewport, '/admin/content-edit');

      // --- /admin/content-edit: a text, the phone normalised on blur, the food list.
      const title = page.getByLabel('عنوان الموقع');
      await title.fill(`حفظ النعمة ${size}`);
      await title.locator('xpath=ancestor::div[contains(@class,"MuiBox-root")][1]').getByRole('button', { name: 'حفظ' }).click();
      await page.getByText('تم حفظ المحتوى بنجاح').first().waitFor();
      expect((await db.query(`SELECT value FROM content_settings WHERE key = 'site_title'`))[0].value).toBe(`حفظ النعمة ${size}`);

      if (size === 'desktop') {
        // The field rules, decided in content-admin.service.spec (the phone forms, the refusal and its words),
        // walked at one width: the phone normalised on blur, the server's refusal on the field and in a toast,
        // the empty e-mail's hint and the empty title's error.
        const phone = page.getByLabel('رقم الهاتف');
        await phone.fill('+966 50 111 2233');
        await phone.blur();
        expect(await phone.inputValue()).toBe('0501112233');
        // The charity's landline (Yanbu's 014) is a contact number too; a wrong one gets the server's words on the field.
        const phoneSave = phone.locator('xpath=ancestor::div[contains(@class,"MuiBox-root")][1]').getByRole('button', { name: 'حفظ' });
        await phone.fill('015 322 1234');
        const refused = page.waitForResponse((r) => r.url().endsWith('/api/content') && r.request().method() === 'POST');
        await phoneSave.click();
        expect((await refused).status()).toBe(400);
        expect(await phone.getAttribute('aria-invalid')).toBe('true');
        // The spec's toast, with the server's reason.
        await page.getByText('فشل في حفظ المحتوى: رقم الهاتف غير صحيح').first().waitFor();
        await page.getByText('رقم الهاتف غير صحيح. اكتب جوالاً مثل 0551234567').first().waitFor();
        // A unified 920 number (the landline and the other forms: content-admin.service.spec).
        const [typed, stored] = ['9200 12345', '920012345'];
        await phone.fill(typed);
        await phoneSave.click();
        await page.getByText('تم حفظ المحتوى بنجاح').first().waitFor();
        expect(await phone.inputValue()).toBe(stored);
        expect((await db.query(`SELECT value FROM content_settings WHERE key = 'contact_phone'`))[0].value).toBe(stored);

        // The e-mail the charity has not set yet (seeded empty) is a hint, not an error; cleared by hand, it is.
        const email = page.getByLabel('البريد الإلكتروني');
        expect(await email.inputValue()).toBe('');
        expect(await email.getAttribute('aria-invalid')).toBe('false');
        await page.getByText('لم يُحدَّد بعد؛ يرى الزوار «غير متوفر حالياً»').first().waitFor();
        await title.fill('');
        expect(await title.getAttribute('aria-invalid')).toBe('true');
        await page.getByText('لا يمكن حفظ قيمة فارغة').first().waitFor();
        await title.fill(`حفظ النعمة ${size}`);
      }

      const food = page.getByLabel('خيار جديد في أنواع الطعام');
      await food.fill('  شوربة ');
      await food.press('Enter');
      await food.fill('شوربة');
      await page.getByRole('region', { name: 'أنواع الطعام' }).getByRole('button', { name: 'إضافة' }).click();
      expect(await page.getByRole('region', { name: 'أنواع الطعام' }).getByText('شوربة', { exact: true }).count()).toBe(1);
      await screenshot(page, `admin-content-edit-${viewport.width}`);
      await page.getByRole('button', { name: 'حفظ القوائم' }).click();
      await page.getByText('تم حفظ خيارات القوائم بنجاح').waitFor();
      const labels = await db.query(`SELECT label FROM dropdown_options WHERE type = 'foodType' AND is_active AND label = 'شوربة'`);
      expect(labels).toHaveLength(1);

      // --- /admin/main keeps the WhatsApp numbers, the templates and the dropdown options too.
      await closeToasts(page);
      await goInApp(page, '/admin/main');
      const section = page.getByRole('region', { name: 'واتساب وخيارات القوائم' });
      await section.getByRole('heading', { name: 'أرقام واتساب المشرفين' }).waitFor();
      await section.getByRole('heading', { name: 'قوالب رسائل واتساب' }).waitFor();
      // The lists edited here are the form's lists: a type added and saved is active in the database.
      const events = section.getByLabel('خيار جديد في أنواع المناسبات');
      await events.fill(`ملتقى ${size}`);
      await events.press('Enter');
      // Waits on the save itself: the same toast text may still be showing from the content page's save.
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/dropdown-options') && r.request().method() === 'PUT');
      await section.getByRole('button', { name: 'حفظ القوائم' }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText('تم حفظ خيارات القوائم بنجاح').first().waitFor();
      const rows = await db.query(`SELECT label FROM dropdown_options WHERE type = 'eventType' AND is_active AND label = $1`, [
        `ملتقى ${size}`,
      ]);
      expect(rows).toHaveLength(1);
      // Still the security tab above: the section sits under whichever tab is open.
      expect(await page.getByRole('tab', { name: 'الأمان' }).getAttribute('aria-selected')).toBe('true');
      await section.getByRole('heading', { name: 'خيارات القوائم', exact: true }).scrollIntoViewIfNeeded();
      await screenshot(page, `admin-settings-whatsapp-lists-${viewport.width}`);

      // --- /admin/locations: adds and deletes a district, adds, edits and deactivates a place.
      await closeToasts(page);
      await goInApp(page, '/admin/locations');
      await page.getByLabel('المنطقة').click();
      const [area] = await db.query(`SELECT name FROM simple_areas WHERE value = 'yanbu_city'`);
      await page.getByRole('option', { name: area.name }).click();
      await page.getByLabel('اسم الحي').fill(`حي ${size}`);
      await page.getByRole('button', { name: 'إضافة حي' }).click();
      await page.getByText('تمت إضافة الحي بنجاح').waitFor();
      await page.getByRole('region', { name: area.name }).getByText(`حي ${size}`).waitFor();

      await page.getByRole('button', { name: 'إضافة مكان' }).click();
      const adding = page.getByRole('dialog', { name: 'إضافة مكان مهم' });
      await adding.getByLabel('اسم المكان').fill(`قاعة ${size}`);
      await adding.getByRole('combobox', { name: 'المجموعة' }).click();
      await page.getByRole('option', { name: 'قاعات الأفراح والمناسبات' }).click();
      await adding.getByRole('button', { name: 'إضافة المكان' }).click();
      await page.getByText('تمت إضافة المكان بنجاح').waitFor();
      const [{ value }] = await db.query(`SELECT value FROM dropdown_options WHERE type = 'importantPlace' AND label = $1`, [
        `قاعة ${size}`,
      ]);
      await page.getByRole('button', { name: `تعديل قاعة ${size}` }).click();
      const dialog = page.getByRole('dialog', { name: 'تعديل المكان' });
      await dialog.getByLabel('اسم المكان').fill(`قاعة ${size} الكبرى`);
      await dialog.getByLabel('مفعّل في نموذج الطلب').uncheck();
      await dialog.getByRole('button', { name: 'حفظ' }).click();
      await page.getByText('تم تحديث المكان بنجاح').waitFor();
      const [place] = await db.query(
        `SELECT label, is_active, place_group FROM dropdown_options WHERE type = 'importantPlace' AND value = $1`,
        [value],
      );
      expect(place).toEqual({ label: `قاعة ${size} الكبرى`, is_active: false, place_group: 'wedding' });
      await screenshot(page, `admin-locations-${viewport.width}`);

      // Deleting the district asks first.
      await page.getByRole('region', { name: area.name }).getByText(`حي ${size}`).locator('xpath=..').locator('svg').click();
      await page.getByRole('button', { name: 'تأكيد الحذف' }).click();
      await page.getByText('تم حذف الحي بنجاح').waitFor();
      expect(await db.query(`SELECT id FROM simple_districts WHERE name = $1`, [`حي ${size}`])).toEqual([]);

      // Deleting the place asks first, naming it.
      await page.getByRole('button', { name: `حذف قاعة ${size} الكبرى` }).click();
      const confirm = page.getByRole('dialog', { name: 'حذف المكان' });
      await confirm.getByText(`هل تريد حذف «قاعة ${size} الكبرى»؟`).waitFor();
      await confirm.getByRole('button', { name: 'تأكيد الحذف' }).click();
      await page.getByText('تم حذف المكان بنجاح').waitFor();
      expect(await db.query(`SELECT id FROM dropdown_options WHERE type = 'importantPlace' AND value = $1`, [value])).toEqual([]);
      await page.close();
    });
  }
});
