import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Locator } from 'playwright-core';
import { DataSource } from 'typeorm';
import { formatDateTimeWithHijri, formatGregorianAr, formatHijriAr } from '../../src/shared/arabic-date';
import { EVENT_TYPE_LABELS } from '../../src/shared/labels';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';
import { signInAdmin } from '../support/admin-session';
import { expectRows, launchChromium, screenshot, settled, signedInPage, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const ADDRESS = 'ينبع، حي الشاطئ';

/**
 * The requests desk's table at 1280 px in Chromium against the real server (spec: admin-side section 2,
 * Requests): a column header's sort, every field of the detail dialog, and the bulk delete.
 */
describe('requests desk table (/admin/requests, 1280 px)', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;
  const eventDate = addDaysToDateString(riyadhDateString(new Date()), 2);
  const tag = `جدول${Date.now() % 100000}`;
  let district: { value: string; name: string };

  async function seed(name: string, phone: string): Promise<number> {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, area, district,
         organizer_name, organizer_phone, food_types, status, whatsapp_opt_in)
       VALUES ('wedding', 150, $1, '23:30', $2, 'custom', 'yanbu_city', $3, $4, $5, '{rice_meat}', 'received', true) RETURNING id`,
      [eventDate, ADDRESS, district.value, name, phone],
    );
    return row.id;
  }

  let launching: Promise<Browser> | undefined;
  beforeAll(async () => {
    // Chromium starts while the app does (a failed start is reported where it is awaited, below).
    launching = launchChromium();
    launching.catch(() => undefined);
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:desk-table` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'desk-table-admin')).token;
    await db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'site_blocked'`);
    [district] = await db.query(
      `SELECT value, name FROM simple_districts WHERE area_value = 'yanbu_city' AND is_active ORDER BY id LIMIT 1`,
    );
    browser = await launching;
  });
  afterAll(async () => {
    await (browser ?? (await launching?.catch(() => undefined)))?.close();
    await t?.close();
  });

  it('sorts by the organizer column, shows every field of a request, and deletes two ticked rows at once', async () => {
    // Created in this order, so the default sort (newest first) differs from both name orders.
    const full = await seed(`${tag} ثامر`, '0552220001');
    const bare = await seed(`${tag} أحمد`, '0552220002');
    const third = await seed(`${tag} جود`, '0552220003');
    await db.query(
      `UPDATE requests SET organizer_email = 'thamer@example.org', building_number = '4521', landmarks = 'خلف مسجد الشاطئ',
         location_phone = '0552220099', additional_notes = 'الدخول من البوابة الشمالية' WHERE id = $1`,
      [full],
    );
    const page = await signedInPage(browser, base, { token, username: 'desk-table-admin' }, VIEWPORTS.desktop, '/admin/requests');
    await page.locator('tbody tr').first().waitFor();
    await page.getByPlaceholder('بحث بالاسم أو الجوال أو رقم الطلب').fill(tag);
    // The search applied (in the address) before the header is used: alone in a fresh database these are
    // the only rows, and the list shows them before the search's pause has run out.
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(tag));
    await expectRows(page, [`${tag} جود`, `${tag} أحمد`, `${tag} ثامر`]);

    // A click on the column header sorts A→Z, a second Z→A; the sort is in the address.
    const header = page.locator('thead').getByText('اسم المنظم', { exact: true });
    const sort = () => [new URL(page.url()).searchParams.get('sort'), new URL(page.url()).searchParams.get('order')];
    await header.click();
    await expectRows(page, [`${tag} أحمد`, `${tag} ثامر`, `${tag} جود`]);
    expect(sort()).toEqual(['organizerName', 'ASC']);
    await header.click();
    await expectRows(page, [`${tag} جود`, `${tag} ثامر`, `${tag} أحمد`]);
    expect(sort()).toEqual(['organizerName', 'DESC']);
    // A header clicked while a search typed just before is still pausing: the search, applied after,
    // keeps the sort chosen in between (it used to put back the one it was typed under).
    await page.getByPlaceholder('بحث بالاسم أو الجوال أو رقم الطلب').fill(`${tag} `);
    await header.click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(`${tag} "`));
    await expectRows(page, [`${tag} أحمد`, `${tag} ثامر`, `${tag} جود`]);
    expect(sort()).toEqual(['organizerName', 'ASC']);

    // The detail dialog: every field by its Arabic label, the optional ones included.
    const [labels] = await db.query(
      `SELECT (SELECT name FROM simple_areas WHERE value = 'yanbu_city') AS area,
              (SELECT label FROM dropdown_options WHERE type = 'eventType' AND value = 'wedding') AS event,
              (SELECT label FROM dropdown_options WHERE type = 'foodType' AND value = 'rice_meat') AS food,
              (SELECT created_at FROM requests WHERE id = $1) AS created`,
      [full],
    );
    await page.getByRole('cell', { name: `${tag} ثامر` }).click();
    const dialog = page.getByRole('dialog', { name: /تفاصيل الطلب/ });
    await dialog.getByText('thamer@example.org').waitFor();
    expect(await fieldsOf(dialog)).toEqual({
      'اسم المنظم': `${tag} ثامر`,
      'رقم الجوال': '0552220001',
      'البريد الإلكتروني': 'thamer@example.org',
      'نوع المناسبة': labels.event ?? EVENT_TYPE_LABELS.wedding,
      'تاريخ المناسبة': formatGregorianAr(eventDate) + formatHijriAr(eventDate),
      'وقت الانتهاء': '23:30',
      'عدد الحضور': '150',
      'أنواع الطعام': labels.food,
      الموقع: district.name + ADDRESS,
      المنطقة: labels.area,
      الحي: district.name,
      'رقم المبنى': '4521',
      'المكان المهم': '—',
      'معالم قريبة': 'خلف مسجد الشاطئ',
      'جوال الموقع': '0552220099',
      'ملاحظات إضافية': 'الدخول من البوابة الشمالية',
      'إشعارات واتساب': 'وافق العميل على الإشعارات',
      'تاريخ الإنشاء': formatDateTimeWithHijri(labels.created),
    });
    expect(await dialog.getByRole('link', { name: 'مراسلة 0552220099 على واتساب' }).getAttribute('href')).toBe(
      'https://wa.me/966552220099',
    );
    await page.getByRole('button', { name: 'إغلاق', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // Another request without the optional fields: «—» for each.
    await page.getByRole('cell', { name: `${tag} أحمد` }).click();
    await dialog.getByText(`${tag} أحمد`).first().waitFor();
    expect(await fieldsOf(dialog)).toMatchObject({
      'البريد الإلكتروني': '—',
      'رقم المبنى': '—',
      'معالم قريبة': '—',
      'جوال الموقع': '—',
      'ملاحظات إضافية': '—',
    });
    await page.getByRole('button', { name: 'إغلاق', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // Tick two rows, choose «حذف» in the bulk picker, confirm: both go to the archive at once.
    for (const name of [`${tag} أحمد`, `${tag} جود`]) {
      await page
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('checkbox')
        .check();
    }
    await page.getByText('عنصران محددان').waitFor();
    await page.getByLabel('إجراء على المحدد').click();
    await page.getByRole('option', { name: 'حذف', exact: true }).click();
    await page.getByRole('button', { name: 'تطبيق' }).click();
    const confirm = page.getByRole('dialog', { name: 'حذف 2 طلبات' });
    await confirm.getByLabel('سبب الحذف (اختياري)').fill('طلبات مكررة');
    await settled(page);
    await screenshot(page, 'admin-requests-desk-bulk-delete-1280');
    await confirm.getByRole('button', { name: 'تأكيد الحذف' }).click();
    await page.getByText('تم حذف 2 طلبات', { exact: true }).waitFor();
    await expectRows(page, [`${tag} ثامر`]);
    // The selection is cleared: nothing ticked, and the bulk bar no longer counts the deleted rows.
    expect(await page.locator('input[type=checkbox]:checked').count()).toBe(0);
    expect(await page.getByText('عنصران محددان').count()).toBe(0);
    const archived = await db.query(
      `SELECT original_id, deleted_by, deletion_reason FROM deleted_requests WHERE original_id = ANY($1) ORDER BY original_id`,
      [[bare, third]],
    );
    expect(archived).toEqual([
      { original_id: bare, deleted_by: 'desk-table-admin', deletion_reason: 'طلبات مكررة' },
      { original_id: third, deleted_by: 'desk-table-admin', deletion_reason: 'طلبات مكررة' },
    ]);
    expect(await db.query(`SELECT id FROM requests WHERE id = ANY($1)`, [[full, bare, third]])).toEqual([{ id: full }]);
    await page.close();
  });
});

/** The detail dialog's fields: each label (dt) with the text of its value (dd). */
function fieldsOf(dialog: Locator): Promise<Record<string, string>> {
  return dialog.evaluate((el) =>
    Object.fromEntries([...el.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? ''])),
  );
}
