import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { formatGregorianAr } from '../../src/shared/arabic-date';
import { EVENT_TYPE_LABELS } from '../../src/shared/labels';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';
import { signInAdmin } from '../support/admin-session';
import { axeViolations } from '../support/axe';
import { expectRows, launchChromium, quiet, screenshot, screenshotOf, settled, signedInPage, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/** The requests desk as the dispatcher's daily tool, in Chromium against the real server. */
describe('requests desk: location, one-tap actions, detail, filters and export', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;
  const today = riyadhDateString(new Date());
  const tomorrow = addDaysToDateString(today, 1);
  const tag = `يوم${Date.now() % 100000}`;
  let district: { value: string; name: string; area: string };
  let place: { value: string; label: string };
  let phoneSeq = Date.now() % 900_000;

  interface Seed {
    name: string;
    status?: string;
    eventDate?: string;
    eventType?: string;
    optIn?: boolean;
    atPlace?: boolean;
  }

  async function seed(r: Seed): Promise<number> {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, area, district,
         important_place, organizer_name, organizer_phone, food_types, status, whatsapp_opt_in)
       VALUES ($1, 150, $2, '23:30', $3, $4, $5, $6, $7, $8, $9, '{rice_meat}', $10, $11) RETURNING id`,
      [
        r.eventType ?? 'wedding',
        r.eventDate ?? tomorrow,
        r.atPlace ? place.label : `مبنى 12، حي ${district.name}، ينبع`,
        r.atPlace ? 'important_place' : 'custom',
        district.area,
        r.atPlace ? null : district.value,
        r.atPlace ? place.value : null,
        r.name,
        `0558${String(++phoneSeq).padStart(6, '0')}`,
        r.status ?? 'received',
        r.optIn ?? true,
      ],
    );
    return row.id;
  }

  const signedIn = (viewport: { width: number; height: number }, path = '/admin/requests'): Promise<Page> =>
    signedInPage(browser, base, { token, username: 'dispatcher-e2e' }, viewport, path);
  const rowOf = async (id: number) => (await db.query(`SELECT status, weighed_kg::float8 AS kg FROM requests WHERE id = $1`, [id]))[0];
  const search = async (page: Page, text: string) => {
    await page.getByPlaceholder('بحث بالاسم أو الجوال أو رقم الطلب').fill(text);
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(text));
  };
  const filterOf = (page: Page) => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, unknown>;

  let launching: Promise<Browser> | undefined;
  beforeAll(async () => {
    // Chromium starts while the app does (a failed start is reported where it is awaited, below).
    launching = launchChromium();
    launching.catch(() => undefined);
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:deskday` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'dispatcher-e2e')).token;
    await db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'site_blocked'`);
    [district] = await db.query(
      `SELECT value, name, area_value AS area FROM simple_districts WHERE area_value = 'yanbu_city' AND is_active ORDER BY id LIMIT 1`,
    );
    [place] = await db.query(`SELECT value, label FROM dropdown_options WHERE type = 'importantPlace' AND is_active ORDER BY id LIMIT 1`);
    browser = await launching;
  });
  afterAll(async () => {
    await (browser ?? (await launching?.catch(() => undefined)))?.close();
    await t?.close();
  });

  // One signed-in page per width, opened by its first test once that test's rows are in; the detail test
  // after it starts from the desk as it opens (no filter), inside the app.
  const pages: Partial<Record<string, Page>> = {};

  it('shows every row’s location, completes and confirms rows in one tap, filters and exports the list (1280 px)', async () => {
    const sub = `${tag}ج`;
    const hall = await seed({ name: `${sub} قاعة`, status: 'confirmed', eventDate: today, atPlace: true });
    const home = await seed({ name: `${sub} بيت`, eventDate: tomorrow, optIn: false });
    await seed({ name: `${sub} تخرج`, eventType: 'graduation', eventDate: addDaysToDateString(today, 3) });
    const page = (pages.desktop = await signedIn(VIEWPORTS.desktop));
    await page.locator('tbody tr').first().waitFor();
    await search(page, sub);
    await expectRows(page, [`${sub} تخرج`, `${sub} بيت`, `${sub} قاعة`]);

    // The location column: the place's label, else the district with the address under it.
    expect(await page.getByRole('row', { name: new RegExp(`${sub} قاعة`) }).innerText()).toContain(place.label);
    expect(await page.getByRole('row', { name: new RegExp(`${sub} بيت`) }).innerText()).toContain(district.name);
    await settled(page);
    await screenshot(page, 'admin-desk-day-table-1280');
    // Every column, the location and the one-tap steps included, fits beside the menu without scrolling.
    const wrapper = await page.evaluate(() => {
      const el = document.querySelector('.RaDatagrid-tableWrapper') as HTMLElement;
      return { scroll: el.scrollWidth, client: el.clientWidth };
    });
    expect(wrapper.scroll).toBeLessThanOrEqual(wrapper.client);
    expect(await axeViolations(page)).toEqual([]);

    // Complete in one tap: the prompt reads the server's rule (Arabic-Indic digits; at most 100,000).
    await page.getByRole('button', { name: `إكمال الطلب ${hall}` }).click();
    const prompt = page.getByRole('dialog', { name: `إكمال الطلب #${hall}` });
    await prompt.getByLabel('الوزن الفعلي بالكيلوجرام (اختياري)').fill('١٠٠٠٠٠٫٥');
    await prompt.getByRole('button', { name: 'تأكيد الإكمال' }).click();
    await prompt.getByText('الوزن الفعلي يجب ألا يتجاوز 100000 كجم').waitFor();
    expect((await rowOf(hall)).status).toBe('confirmed');
    await prompt.getByLabel('الوزن الفعلي بالكيلوجرام (اختياري)').fill('٣٥٫٥');
    await settled(page);
    await screenshot(page, 'admin-desk-day-complete-prompt-1280');
    await prompt.getByRole('button', { name: 'تأكيد الإكمال' }).click();
    await page.getByText('تم تحديث حالة الطلب وإرسال إشعار واتساب للعميل').waitFor();
    expect(await rowOf(hall)).toEqual({ status: 'completed', kg: 35.5 });
    expect(await page.getByRole('dialog', { name: /تفاصيل الطلب/ }).count()).toBe(0);

    // Confirm in one tap; this host did not agree to WhatsApp, and the toast says so.
    await page.getByRole('button', { name: `تأكيد الطلب ${home}` }).click();
    await page.getByText('تم تحديث حالة الطلب، ولم يُرسل إشعار واتساب لأن العميل لم يوافق على رسائل واتساب').waitFor();
    expect((await rowOf(home)).status).toBe('confirmed');

    // Filters beside the search: event type, then a date range kept by a tab change.
    await page.getByLabel('نوع المناسبة').click();
    await page.getByRole('option', { name: EVENT_TYPE_LABELS.graduation }).click();
    await expectRows(page, [`${sub} تخرج`]);
    expect(filterOf(page)).toMatchObject({ q: sub, eventType: 'graduation' });
    await page.getByRole('button', { name: 'مسح التصفية' }).click();
    await expectRows(page, [`${sub} تخرج`, `${sub} بيت`, `${sub} قاعة`]);
    await page.getByRole('button', { name: 'مناسبات الغد' }).click();
    await expectRows(page, [`${sub} بيت`]);
    await page.getByRole('tab', { name: /مؤكد للاستلام/ }).click();
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('confirmed'));
    expect(filterOf(page)).toEqual({ q: sub, status: 'confirmed', eventDateFrom: tomorrow, eventDateTo: tomorrow });
    await expectRows(page, [`${sub} بيت`]);
    await page.getByRole('tab', { name: /الكل/ }).click();
    // The tab applied (the status gone from the address) before the next filter starts from it.
    await page.waitForURL((url) => !(url.searchParams.get('filter') ?? '').includes('confirmed'));
    expect(filterOf(page)).toEqual({ q: sub, eventDateFrom: tomorrow, eventDateTo: tomorrow });
    // The Arabic calendar: the day chosen shows in Arabic with its Hijri date.
    await page.getByRole('button', { name: /^تاريخ المناسبة من/ }).click();
    await page.locator(`[data-day="${today}"] button`).click();
    await page.getByRole('button', { name: new RegExp(`^تاريخ المناسبة من\\s*${formatGregorianAr(today)}`) }).waitFor();
    await expectRows(page, [`${sub} بيت`, `${sub} قاعة`]);
    await page.getByRole('combobox', { name: 'المكان المهم' }).fill(place.label);
    await page.getByRole('option', { name: place.label }).click();
    await expectRows(page, [`${sub} قاعة`]);
    await settled(page);
    await screenshot(page, 'admin-desk-day-filtered-1280');

    // The export downloads exactly the list on screen.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'تصدير Excel' }).click();
    const file = await download;
    const dir = resolve('test-results/downloads');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `desk-${sub}.xlsx`);
    await file.saveAs(path);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    const sheet = book.getWorksheet('الطلبات')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(hall);
    expect(sheet.getRow(2).getCell(8).value).toBe(place.label);
  });

  it('shows location on each card and confirms and completes a card in one tap (390 px)', async () => {
    const sub = `${tag}ب`;
    const a = await seed({ name: `${sub} أمل`, eventDate: today });
    const b = await seed({ name: `${sub} بسمة`, eventDate: today, atPlace: true, status: 'confirmed' });
    const page = (pages.phone = await signedIn(VIEWPORTS.phone));
    await search(page, sub);
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="الطلبات"] > li').length === 2);
    const cards = page.locator('ul[aria-label="الطلبات"] > li');
    expect(await cards.filter({ hasText: `${sub} أمل` }).innerText()).toContain(district.name);
    expect(await cards.filter({ hasText: `${sub} بسمة` }).innerText()).toContain(place.label);
    await settled(page);
    await screenshot(page, 'admin-desk-day-cards-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: `تأكيد الطلب ${a}` }).click();
    await page.getByText('تم تحديث حالة الطلب وإرسال إشعار واتساب للعميل').waitFor();
    expect((await rowOf(a)).status).toBe('confirmed');

    // Complete without weighing: the weight stays empty and the estimate counts.
    await page.getByRole('button', { name: `إكمال الطلب ${b}` }).click();
    const prompt = page.getByRole('dialog', { name: `إكمال الطلب #${b}` });
    await prompt.waitFor();
    await settled(page);
    await screenshot(page, 'admin-desk-day-complete-prompt-390');
    await prompt.getByRole('button', { name: 'تأكيد الإكمال' }).click();
    await waitFor(async () => (await rowOf(b)).status === 'completed');
    expect(await rowOf(b)).toEqual({ status: 'completed', kg: null });
    // A completed card offers no more one-tap steps.
    await page.getByRole('button', { name: `إكمال الطلب ${b}` }).waitFor({ state: 'detached' });

    // The filters fold under one button on a phone.
    await page.getByRole('button', { name: 'التصفية' }).click();
    await page.getByRole('button', { name: /^تاريخ المناسبة من/ }).waitFor();
    await settled(page);
    await screenshot(page, 'admin-desk-day-filters-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`puts the status control first in the detail, with the history, notes and volunteer (${size})`, async () => {
      const name = `${tag} تفاصيل ${size}`;
      const id = await seed({ name, eventDate: tomorrow, atPlace: size === 'phone' });
      // A change the host made from their own page, written as the host's page writes it.
      await db.query(
        `INSERT INTO request_status_history (request_id, from_status, to_status, actor_type, reason, created_at)
         VALUES ($1, 'confirmed', 'received', 'host', 'غيّرت الموعد', now() - interval '1 hour')`,
        [id],
      );
      const page = pages[size]!;
      await openInApp(page, '/admin/requests?filter=%7B%7D');
      await search(page, name);
      await (size === 'phone' ? page.getByRole('button', { name: `تفاصيل الطلب ${id}` }) : page.getByRole('cell', { name })).click();
      const dialog = page.getByRole('dialog', { name: /تفاصيل الطلب/ });
      const control = dialog.getByRole('region', { name: 'تغيير الحالة' });
      const messages = dialog.getByRole('region', { name: 'رسائل واتساب' });
      await messages.getByText('لم تُرسل رسائل لهذا الطلب بعد.').waitFor();
      // Reachable at once: the control is the first thing in the dialog, well above the message log.
      const [controlBox, messagesBox] = [await control.boundingBox(), await messages.boundingBox()];
      expect(controlBox!.y).toBeLessThan(viewport.height / 2);
      expect(controlBox!.y + controlBox!.height).toBeLessThan(messagesBox!.y);
      // Its menu opens downward over the details, never over the message log.
      await dialog.getByLabel('الحالة الجديدة').click();
      const menu = page.getByRole('listbox');
      await menu.waitFor();
      await settled(page);
      // (The open menu hides the dialog from the accessibility tree: the log's box is the one measured before.)
      const menuBox = await menu.boundingBox();
      expect(menuBox!.y).toBeGreaterThanOrEqual(controlBox!.y);
      expect(menuBox!.y + menuBox!.height).toBeLessThanOrEqual(messagesBox!.y);
      await screenshot(page, `admin-desk-day-status-menu-${viewport.width}`);
      await page.getByRole('option', { name: 'قيد المراجعة' }).click();
      await dialog.getByRole('button', { name: 'حفظ الحالة' }).click();
      await page.getByText('تم تحديث حالة الطلب وإرسال إشعار واتساب للعميل').waitFor();

      // Reopened: the history names the administrator and the host, newest first.
      await (size === 'phone' ? page.getByRole('button', { name: `تفاصيل الطلب ${id}` }) : page.getByRole('cell', { name })).click();
      const history = dialog.getByRole('region', { name: 'سجل الحالات' });
      await history.getByText('dispatcher-e2e').waitFor();
      const entries = await history.getByRole('listitem').allInnerTexts();
      expect(entries[0]).toMatch(/تم الاستلام[\s\S]*إلى[\s\S]*قيد المراجعة[\s\S]*dispatcher-e2e/);
      expect(entries[1]).toMatch(/صاحب الطلب/);
      expect(entries[1]).toContain('السبب: غيّرت الموعد');
      expect(entries[0]).toMatch(/هـ\)/);

      // An internal note: listed at once with its author; nothing goes to the host.
      const outbox = async () =>
        (await db.query(`SELECT count(*)::int AS n FROM assurance_notification_groups WHERE form_id = $1`, [`request:${id}`]))[0].n;
      const before = await outbox();
      const notes = dialog.getByRole('region', { name: 'ملاحظات داخلية' });
      await notes.getByLabel('ملاحظة جديدة').fill('البوابة الشمالية، اسأل عن أبو فهد');
      await notes.getByRole('button', { name: 'إضافة الملاحظة' }).click();
      await notes.getByRole('listitem').filter({ hasText: 'البوابة الشمالية' }).waitFor();
      expect(await notes.getByRole('listitem').first().innerText()).toContain('dispatcher-e2e');
      expect(await outbox()).toBe(before);

      // The volunteer: chosen from the active ones (their areas shown), then shown with call links.
      const driver = `فهد ${tag} ${size}`;
      const driverPhone = `055${String((Date.now() + (size === 'phone' ? 1 : 2)) % 10_000_000).padStart(7, '0')}`;
      const [volunteer] = await db.query(`INSERT INTO volunteers (name, whatsapp) VALUES ($1, $2) RETURNING id`, [
        driver,
        `+966${driverPhone.slice(1)}`,
      ]);
      const assignee = dialog.getByRole('region', { name: 'المتطوع المسؤول عن الاستلام' });
      await assignee.getByRole('button', { name: 'تعيين متطوع' }).click();
      await assignee.getByLabel('اختر متطوعاً نشطاً').fill(driver);
      await page.getByRole('option', { name: new RegExp(driver) }).click();
      await assignee.getByRole('button', { name: 'تعيين', exact: true }).click();
      await page.getByText(`تم تعيين ${driver} للاستلام`).waitFor();
      await assignee.getByRole('link', { name: new RegExp(`اتصال بالرقم ${driverPhone}`) }).waitFor();
      const [saved] = await db.query(`SELECT volunteer_id FROM requests WHERE id = $1`, [id]);
      expect(saved.volunteer_id).toBe(volunteer.id);
      await settled(page);
      await screenshot(page, `admin-desk-day-detail-${viewport.width}`);
      await history.scrollIntoViewIfNeeded();
      await screenshotOf(history, `admin-desk-day-history-${viewport.width}`);
      await screenshotOf(notes, `admin-desk-day-notes-${viewport.width}`);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Moves the admin to `path` inside the app (the router follows the history, as after a menu click), then
 * waits until the screen has replaced the one before (when the path changes) and is quiet.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  const sameScreen = await page.evaluate((to) => {
    const same = new URL(to, location.href).pathname === location.pathname;
    if (!same) document.querySelector('#main-content > *')?.setAttribute('data-left', '');
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    return same;
  }, path);
  if (!sameScreen) {
    await page.waitForFunction(() => {
      const shown = document.querySelector('#main-content > *');
      return !!shown && !shown.hasAttribute('data-left') && !shown.classList.contains('RaLoading-root');
    });
  }
  await quiet(page);
}
