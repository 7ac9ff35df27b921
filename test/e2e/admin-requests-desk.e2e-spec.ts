import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';
import { signInAdmin } from '../support/admin-session';
import { expectRows, launchChromium, quiet, screenshot, settled, signedInPage, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/** The requests desk and the dashboard's pickups card in Chromium against the real server. */
describe('requests desk (/admin/requests) and the pickups card', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;
  const today = riyadhDateString(new Date());
  const tomorrow = addDaysToDateString(today, 1);
  const tag = `مكتب${Date.now() % 100000}`;
  let district: { value: string; name: string };

  async function seed(name: string, phone: string, status: string, eventDate: string, optIn = true): Promise<number> {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, area, district,
         organizer_name, organizer_phone, food_types, status, whatsapp_opt_in)
       VALUES ('wedding', 150, $1, '23:30', 'ينبع، حي الشاطئ', 'custom', 'yanbu_city', $2, $3, $4, '{rice_meat}', $5, $6) RETURNING id`,
      [eventDate, district.value, name, phone, status, optIn],
    );
    return row.id;
  }

  const signedIn = (viewport: { width: number; height: number }, path: string): Promise<Page> =>
    signedInPage(browser, base, { token, username: 'desk-admin' }, viewport, path);

  const statusOf = async (id: number) => (await db.query(`SELECT status FROM requests WHERE id = $1`, [id]))[0]?.status;

  /**
   * What the tabs must say by the server: its counters (GET /api/requests/summary), «الكل» being every row of
   * the requests table (also the list's total), the deadline tab the three active statuses, cancelled beside.
   */
  async function expectedCounters() {
    const { body } = await t.http.get('/api/requests/summary').set('authorization', `Bearer ${token}`).expect(200);
    const n = body.counts as Record<'received' | 'reviewing' | 'confirmed' | 'completed' | 'cancelled', number>;
    const [{ total }] = await db.query(`SELECT count(*)::int AS total FROM requests`);
    return {
      tabs: [
        ['الكل', String(total)],
        ['تم الاستلام', String(n.received)],
        ['قيد المراجعة', String(n.reviewing)],
        ['مؤكد للاستلام', String(n.confirmed)],
        ['مكتمل', String(n.completed)],
        ['حسب موعد الاستلام', String(n.received + n.reviewing + n.confirmed)],
      ],
      cancelled: [`عدد الطلبات الملغاة ${n.cancelled}`, `ملغي: ${n.cancelled}`],
      range: `1–${Math.min(total, 25)} من ${total}`,
    };
  }

  let launching: Promise<Browser> | undefined;
  beforeAll(async () => {
    // Chromium starts while the app does (a failed start is reported where it is awaited, below).
    launching = launchChromium();
    launching.catch(() => undefined);
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:desk` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'desk-admin')).token;
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

  // One signed-in page per width, opened by its first test once that test's rows are in; the tests after
  // it move inside the app (as the menu does) instead of loading it again.
  let desk: Page;
  let phone: Page;

  it('lists, filters, searches, bulk-changes and shows a request with Arabic names (1280 px)', async () => {
    const a = await seed(`${tag} عبدالله`, '0551110001', 'received', today);
    const b = await seed(`${tag} سارة`, '0551110002', 'received', tomorrow);
    const c = await seed(`${tag} خالد`, '0551110003', 'confirmed', tomorrow, false);
    // Every status counted, each by a different number (outside the searches below and the pickups card).
    for (const [status, n] of Object.entries({ reviewing: 3, completed: 4, cancelled: 5 })) {
      for (let i = 0; i < n; i++) await seed(`عداد ${n}-${i}`, `055112${n}00${i}`, status, addDaysToDateString(today, 5));
    }
    // Read before and after the page (other files may add requests meanwhile): the page shows one of the two.
    const before = await expectedCounters();
    const page = (desk = await signedIn(VIEWPORTS.desktop, '/admin/requests'));
    // The list has loaded before anything is typed (the filter form adopts the list's values once loaded).
    await page.locator('tbody tr').first().waitFor();

    // The spec's tabs and the deadline view, each with its counter; cancelled has a counter but no tab.
    const cancelled = page.getByLabel(/^عدد الطلبات الملغاة \d+$/);
    await cancelled.waitFor();
    const shown = {
      tabs: await page.getByRole('tab').evaluateAll((tabs) =>
        tabs.map((tab) => {
          const chip = tab.querySelector('.MuiChip-label')?.textContent ?? '';
          return [(tab.textContent ?? '').replace(chip, '').trim(), chip];
        }),
      ),
      cancelled: [await cancelled.getAttribute('aria-label'), await cancelled.innerText()],
      range: await page.locator('.MuiTablePagination-displayedRows').innerText(),
    };
    expect([before, await expectedCounters()]).toContainEqual(shown);

    await page.getByPlaceholder('بحث بالاسم أو الجوال أو رقم الطلب').fill(tag);
    // The search is applied (after its debounce) when it is in the address and exactly this file's three
    // requests are listed.
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes(tag));
    await expectRows(page, [`${tag} خالد`, `${tag} سارة`, `${tag} عبدالله`]);
    // The tabs carry counters; "confirmed" shows only the confirmed one.
    await page.getByRole('tab', { name: /مؤكد للاستلام/ }).click();
    await page.getByRole('cell', { name: `${tag} خالد` }).waitFor();
    await expectRows(page, [`${tag} خالد`]);
    await page.getByRole('tab', { name: /الكل/ }).click();
    await page.getByRole('cell', { name: `${tag} سارة` }).waitFor();

    // Select two rows, move both to "reviewing": each customer who agreed gets a WhatsApp notice.
    await page
      .getByRole('row', { name: new RegExp(`${tag} عبدالله`) })
      .getByRole('checkbox')
      .check();
    await page
      .getByRole('row', { name: new RegExp(`${tag} سارة`) })
      .getByRole('checkbox')
      .check();
    await page.getByLabel('إجراء على المحدد').click();
    await page.getByRole('option', { name: 'تغيير الحالة إلى: قيد المراجعة' }).click();
    await page.getByRole('button', { name: 'تطبيق' }).click();
    await page.getByText(/تم تحديث طلبين إلى «قيد المراجعة»/).waitFor();
    // The selection is cleared after the bulk change.
    await page.waitForFunction(() => document.querySelectorAll('tbody input[type=checkbox]:checked').length === 0);
    expect([await statusOf(a), await statusOf(b), await statusOf(c)]).toEqual(['reviewing', 'reviewing', 'confirmed']);
    const notices = await db.query(
      `SELECT count(*)::int AS n FROM assurance_notification_groups g JOIN assurance_attempts x ON x.group_id = g.group_id
        WHERE x.template_key = 'statusUpdate' AND g.form_id = ANY($1)`,
      [[`request:${a}`, `request:${b}`]],
    );
    expect(notices[0].n).toBe(2);

    // The detail dialog: district by its Arabic name, food type by its label, a WhatsApp link.
    await page.getByRole('cell', { name: `${tag} خالد` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`تفاصيل الطلب`) });
    await dialog.waitFor();
    await expect_text(dialog, district.name);
    const [food] = await db.query(`SELECT label FROM dropdown_options WHERE type = 'foodType' AND value = 'rice_meat'`);
    await expect_text(dialog, food.label);
    expect(await dialog.getByRole('link', { name: /مراسلة 0551110003 على واتساب/ }).getAttribute('href')).toBe(
      'https://wa.me/966551110003',
    );
    await settled(page);
    await screenshot(page, 'admin-requests-desk-detail-1280');

    // Cancel with a reason from the dialog.
    await dialog.getByLabel('الحالة الجديدة').click();
    await page.getByRole('option', { name: 'ملغي' }).click();
    await dialog.getByLabel('سبب الإلغاء (اختياري)').fill('اعتذر المنظم');
    await dialog.getByRole('button', { name: 'حفظ الحالة' }).click();
    // خالد did not agree to WhatsApp messages: the toast does not claim he was told.
    await page.getByText('تم إلغاء الطلب، ولم يُرسل إشعار واتساب لأن العميل لم يوافق على رسائل واتساب').waitFor();
    const [row] = await db.query(`SELECT status, cancellation_reason FROM requests WHERE id = $1`, [c]);
    expect(row).toEqual({ status: 'cancelled', cancellation_reason: 'اعتذر المنظم' });

    // Delete with a reason: archived, not lost.
    await page.getByRole('cell', { name: `${tag} سارة` }).click();
    await page.getByRole('button', { name: 'حذف الطلب', exact: true }).click();
    await page.getByLabel('سبب الحذف (اختياري)').fill('طلب تجريبي');
    await page.getByRole('button', { name: 'تأكيد الحذف' }).click();
    await page.getByText('تم حذف الطلب ونقله إلى الأرشيف').waitFor();
    const archived = await db.query(`SELECT deleted_by, deletion_reason FROM deleted_requests WHERE original_id = $1`, [b]);
    expect(archived).toEqual([{ deleted_by: 'desk-admin', deletion_reason: 'طلب تجريبي' }]);
    await screenshot(page, 'admin-requests-desk-1280');
  });

  it('keeps a tab chosen right after typing a search, and the search with it (1280 px)', async () => {
    const page = desk;
    const box = page.getByPlaceholder('بحث بالاسم أو الجوال أو رقم الطلب');
    const filter = () => JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}') as Record<string, unknown>;
    // A tab clicked at any moment of the search's half-second pause must not be undone when it applies
    // (react-admin's own filter form lost the tab at about 200 ms).
    await trackPauses(page);
    for (const pause of [0, 100, 200, 300, 400]) {
      // The desk as it opens: no search, «الكل».
      await openInApp(page, '/admin/requests?filter=%7B%7D');
      await page.waitForFunction(
        () => !document.querySelector<HTMLInputElement>('input[placeholder="بحث بالاسم أو الجوال أو رقم الطلب"]')?.value,
      );
      await page.getByRole('tab', { name: /الكل/, selected: true }).waitFor();
      await page.locator('tbody tr').first().waitFor();
      await box.fill(tag);
      await page.waitForTimeout(pause);
      await page.getByRole('tab', { name: /مؤكد للاستلام/ }).click();
      // Until the search's pause has run out (applied) or been cancelled, and the list has followed.
      await pausesOver(page);
      await quiet(page);
      expect([pause, filter()]).toEqual([pause, { q: tag, status: 'confirmed' }]);
      expect(await page.getByRole('tab', { selected: true }).innerText()).toContain('مؤكد للاستلام');
    }
    // And the other way: a search typed just after choosing a tab keeps the tab.
    await page.getByRole('tab', { name: /الكل/ }).click();
    await box.fill(`${tag} خالد`);
    await page.waitForURL((url) => (url.searchParams.get('filter') ?? '').includes('خالد'));
    expect(filter()).toEqual({ q: `${tag} خالد` });
    await expectRows(page, [`${tag} خالد`]);
    // Clearing the box drops the search and keeps the tab.
    await page.getByRole('tab', { name: /مؤكد للاستلام/ }).click();
    await page.getByRole('button', { name: 'مسح البحث' }).click();
    await page.waitForURL((url) => !(url.searchParams.get('filter') ?? '').includes('q'));
    expect(filter()).toEqual({ status: 'confirmed' });
    expect(await box.inputValue()).toBe('');
  });

  it('shows requests as cards at 390 px and opens the detail full screen', async () => {
    const id = await seed(`${tag} منى`, '0551110004', 'received', today);
    const page = (phone = await signedIn(VIEWPORTS.phone, '/admin/requests'));
    await page.getByPlaceholder('بحث بالاسم أو الجوال أو رقم الطلب').fill(`${tag} منى`);
    const card = page.getByRole('button', { name: `تفاصيل الطلب ${id}` });
    await card.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="الطلبات"] > li').length === 1);
    expect(await page.locator('table').count()).toBe(0);
    await screenshot(page, 'admin-requests-desk-390');
    // Nothing wider than the phone: no sideways scrolling.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await card.click();
    await page.getByRole('dialog').getByText('حفظ الحالة').waitFor();
    // Completing asks for the weighed kilograms (optional); Arabic-Indic digits are read.
    await page.getByRole('dialog').getByLabel('الحالة الجديدة').click();
    await page.getByRole('option', { name: 'مكتمل' }).click();
    await page.getByLabel('الوزن الفعلي بالكيلوجرام (اختياري)').fill('٣٥٫٥');
    await settled(page);
    await screenshot(page, 'admin-requests-desk-detail-390');
    await page.getByRole('button', { name: 'حفظ الحالة' }).click();
    await page.getByText('تم تحديث حالة الطلب وإرسال إشعار واتساب للعميل').waitFor();
    const [done] = await db.query(`SELECT status, weighed_kg::float8 AS kg FROM requests WHERE id = $1`, [id]);
    expect(done).toEqual({ status: 'completed', kg: 35.5 });
  });

  it('sorts the cards by organizer name, selects the page and bulk-changes it at 390 px', async () => {
    const sub = `${tag}ف`;
    const ids = [
      await seed(`${sub} بسمة`, '0551110011', 'received', tomorrow),
      await seed(`${sub} تالا`, '0551110012', 'received', tomorrow),
      await seed(`${sub} أمل`, '0551110013', 'received', tomorrow, false),
    ];
    const page = phone;
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByPlaceholder('بحث بالاسم أو الجوال أو رقم الطلب').fill(sub);
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="الطلبات"] > li').length === 3);

    // The sort bar: field and direction, the same URL sort as the table's column headers.
    await page.getByLabel('ترتيب حسب').click();
    await page.getByRole('option', { name: 'اسم المنظم' }).click();
    await page.getByRole('button', { name: 'تصاعدي' }).click();
    await expect_cards(page, [`${sub} أمل`, `${sub} بسمة`, `${sub} تالا`]);
    expect(decodeURIComponent(page.url())).toContain('organizerName');
    await page.getByRole('button', { name: 'تنازلي' }).click();
    await expect_cards(page, [`${sub} تالا`, `${sub} بسمة`, `${sub} أمل`]);

    // Select-all ticks every card of the page; the bulk picker then changes all three.
    await page.getByRole('checkbox', { name: 'تحديد كل طلبات الصفحة' }).check();
    for (const id of ids) expect(await page.getByRole('checkbox', { name: `تحديد الطلب ${id}` }).isChecked()).toBe(true);
    await page.getByLabel('إجراء على المحدد').click();
    await page.getByRole('option', { name: 'تغيير الحالة إلى: مؤكد للاستلام' }).click();
    await settled(page);
    await screenshot(page, 'admin-requests-desk-cards-selected-390');
    // Nothing wider than the phone with the sort bar and the picker.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('button', { name: 'تطبيق' }).click();
    // Two of the three agreed to WhatsApp: the toast says so.
    await page
      .getByText('تم تحديث 3 طلبات إلى «مؤكد للاستلام»، وأُشعر عبر واتساب 2 من 3 عملاء (الباقون لم يوافقوا على رسائل واتساب)')
      .waitFor();
    expect(await Promise.all(ids.map(statusOf))).toEqual(['confirmed', 'confirmed', 'confirmed']);
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label="الطلبات"] input[type=checkbox]:checked').length === 0);
    expect(await page.getByRole('checkbox', { name: 'تحديد كل طلبات الصفحة' }).isChecked()).toBe(false);

    // Each card has its own delete, behind the confirmation dialog.
    await page.getByRole('button', { name: `حذف الطلب ${ids[2]}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'حذف الطلب' });
    await confirm.getByLabel('سبب الحذف (اختياري)').fill('مكرر');
    await settled(page);
    await screenshot(page, 'admin-requests-desk-row-delete-390');
    await confirm.getByRole('button', { name: 'تأكيد الحذف' }).click();
    await page.getByText('تم حذف الطلب ونقله إلى الأرشيف').waitFor();
    await expect_cards(page, [`${sub} تالا`, `${sub} بسمة`]);
    const archived = await db.query(`SELECT deletion_reason FROM deleted_requests WHERE original_id = $1`, [ids[2]]);
    expect(archived).toEqual([{ deletion_reason: 'مكرر' }]);
  });

  it('deletes one row from its own button in the table, without opening the row (1280 px)', async () => {
    const id = await seed(`${tag} ريم`, '0551110015', 'received', tomorrow);
    const page = desk;
    await openInApp(page, '/admin/requests?filter=%7B%7D');
    await page.getByPlaceholder('بحث بالاسم أو الجوال أو رقم الطلب').fill(`${tag} ريم`);
    await expectRows(page, [`${tag} ريم`]);
    await settled(page);
    await screenshot(page, 'admin-requests-desk-table-1280');
    // The whole table, the delete column included, fits without sideways scrolling.
    const wrapper = await page.evaluate(() => {
      const el = document.querySelector('.RaDatagrid-tableWrapper') as HTMLElement;
      return { scroll: el.scrollWidth, client: el.clientWidth };
    });
    expect(wrapper.scroll).toBeLessThanOrEqual(wrapper.client);
    await page.getByRole('button', { name: `حذف الطلب ${id}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'حذف الطلب' });
    await confirm.waitFor();
    expect(await page.getByRole('dialog', { name: /تفاصيل الطلب/ }).count()).toBe(0);
    await settled(page);
    await screenshot(page, 'admin-requests-desk-row-delete-1280');
    await confirm.getByRole('button', { name: 'تأكيد الحذف' }).click();
    await page.getByText('تم حذف الطلب ونقله إلى الأرشيف').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectRows(page, []);
    expect(await statusOf(id)).toBeUndefined();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`fills the dashboard's pickups card with today's and tomorrow's requests (${size})`, async () => {
      const id = await seed(`${tag} حفل اليوم ${size}`, '0551110005', 'confirmed', today);
      const page = size === 'phone' ? phone : desk;
      await openInApp(page, '/admin/dashboard');
      const card = page.getByRole('region', { name: 'استلامات اليوم والغد' });
      await card.getByText(`${tag} حفل اليوم ${size}`).waitFor();
      await expect_text(card.getByRole('region', { name: 'اليوم' }), `#${id}`);
      await screenshot(page, `admin-dashboard-pickups-${viewport.width}`);
      // Both links stay under /admin; the first opens the desk filtered on the deadline view.
      expect(await card.getByRole('link', { name: 'فتح إدارة الطلبات' }).getAttribute('href')).toBe('/admin/requests');
      await card.getByRole('link', { name: 'كل الطلبات حسب موعد الاستلام' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/requests');
      expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toEqual({ active: true });
      await page.getByRole('tab', { name: /حسب موعد الاستلام/, selected: true }).waitFor();
      await page.getByText(`${tag} حفل اليوم ${size}`).first().waitFor();
      await screenshot(page, `admin-requests-by-deadline-${viewport.width}`);
      await page.close();
    });
  }
});

/** Waits until the cards show exactly these organizer names, in this order. */
async function expect_cards(page: Page, names: string[]): Promise<void> {
  await page.waitForFunction(
    (expected) => {
      const cards = [...document.querySelectorAll('ul[aria-label="الطلبات"] > li h3')].map((h) => h.textContent ?? '');
      return cards.length === expected.length && expected.every((n, i) => cards[i] === n);
    },
    names,
    { timeout: 10_000 },
  );
}

async function expect_text(scope: { textContent(): Promise<string | null> }, text: string): Promise<void> {
  expect(await scope.textContent()).toContain(text);
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

/**
 * Keeps, in the page, the short timers (a typing pause, a debounce: up to 1 s) still pending, so a test
 * can wait until a search has been applied or cancelled (`pausesOver`) rather than for a guessed time.
 */
async function trackPauses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __pauses?: Set<number> };
    if (w.__pauses) return;
    const pending = (w.__pauses = new Set<number>());
    const set = window.setTimeout.bind(window);
    const clear = window.clearTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
      const id: number = set(
        (...a: unknown[]) => {
          pending.delete(id);
          if (typeof handler === 'function') (handler as (...x: unknown[]) => void)(...a);
        },
        ms,
        ...args,
      );
      if ((ms ?? 0) > 0 && (ms ?? 0) <= 1000) pending.add(id);
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) pending.delete(id);
      clear(id);
    }) as typeof window.clearTimeout;
  });
}

/** Waits until no typing pause tracked by `trackPauses` is pending. */
async function pausesOver(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __pauses: Set<number> }).__pauses.size === 0);
}
