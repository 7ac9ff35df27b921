import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { axeViolations } from '../support/axe';
import { launchChromium, openSignedIn, screenshot, screenshotOf, VIEWPORTS, quiet } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=', 'base64');

/**
 * Issue 24, item 4 in Chromium at 390 and 1280 px: an important place added by Arabic name and group with
 * its position tapped on the map, the quick messages opening on the unanswered ones (marked answered,
 * linked to a request), empty lists that name the resource in Arabic, and the side menu's security group.
 */
describe('places, quick messages, empty lists and the side menu', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;
  let requestId: number;

  /** A signed-in page whose map tiles come from a stand-in (the tests run without internet). */
  async function open(viewport: { width: number; height: number }, path: string): Promise<Page> {
    // Opened straight at `path`: the login page of a signed-in tab moves on to the dashboard by itself,
    // and a second navigation of ours would race it.
    const page = await browser.newPage({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    await page.route('https://tile.openstreetmap.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: PNG_1x1 }),
    );
    return openSignedIn(page, base, { token, username: 'places-e2e' }, path);
  }

  let launching: Promise<Browser> | undefined;
  beforeAll(async () => {
    // Chromium starts while the app does (a failed start is reported where it is awaited, below).
    launching = launchChromium();
    launching.catch(() => undefined);
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:day-places-e2e` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'places-e2e')).token;
    [{ id: requestId }] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status)
       VALUES ('wedding', 90, '2026-12-02', '22:00', 'ينبع', 'custom', 'منظم للربط', '0579900001', 'received') RETURNING id`,
    );
    browser = await launching;
  });
  afterAll(async () => {
    await (browser ?? (await launching?.catch(() => undefined)))?.close();
    await db?.query(`DELETE FROM dropdown_options WHERE type = 'importantPlace' AND label LIKE 'قاعة اللؤلؤة%'`);
    if (requestId) await db?.query('DELETE FROM requests WHERE id = $1', [requestId]);
    await t?.close();
  });

  // One page per width, signed in once, that moves between the screens inside the app (as the menu does).
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    describe(`at ${viewport.width} px`, () => {
      let shared: Page | undefined;
      const at = async (path: string): Promise<Page> => {
        if (!shared) shared = await open(viewport, path);
        else await openInApp(shared, path);
        return shared;
      };
      afterAll(async () => {
        await shared?.close();
      });

      it(`adds a place by Arabic name and group, taps its position on the map, then clears it (${size})`, async () => {
        const name = `قاعة اللؤلؤة ${size}`;
        const page = await at('/admin/locations');
        await page.getByRole('button', { name: 'إضافة مكان' }).click();
        const dialog = page.getByRole('dialog', { name: 'إضافة مكان مهم' });
        // No English code is asked for.
        expect(await dialog.getByText('بالإنجليزية').count()).toBe(0);
        expect(await dialog.getByRole('textbox').count()).toBe(1);
        await dialog.getByLabel('اسم المكان').fill(name);
        await dialog.getByRole('combobox', { name: 'المجموعة' }).click();
        expect(await page.getByRole('option').allInnerTexts()).toEqual([
          'قاعات الأفراح والمناسبات',
          'الفنادق',
          'الشركات والجهات',
          'المراكز التجارية',
          'أماكن أخرى',
        ]);
        await page.getByRole('option', { name: 'قاعات الأفراح والمناسبات' }).click();
        // The list's popover fades out over the dialog: a tap before it is gone would land on its backdrop.
        await page.locator('.MuiPopover-root').waitFor({ state: 'detached' });
        // A tap on the map places the marker there.
        const map = dialog.getByTestId('point-picker-map');
        await map.locator('.leaflet-tile-loaded').first().waitFor();
        await map.scrollIntoViewIfNeeded();
        expect(await dialog.getByTestId('place-position').innerText()).toBe('لم يُحدَّد موقع بعد');
        const box = (await map.boundingBox())!;
        await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.4);
        await dialog.getByRole('button', { name: 'موقع المكان' }).waitFor();
        expect(await dialog.getByTestId('place-position').innerText()).toMatch(/^الموقع المحدد: 2\d\.\d{6}, 3\d\.\d{6}$/);
        await screenshotOf(dialog, `admin-place-dialog-map-${viewport.width}`);
        expect(await axeViolations(page)).toEqual([]);
        await dialog.getByRole('button', { name: 'إضافة المكان' }).click();
        await page.getByText('تمت إضافة المكان بنجاح').first().waitFor();

        const [row] = await db.query(
          `SELECT value, place_group, latitude, longitude, is_active FROM dropdown_options WHERE type = 'importantPlace' AND label = $1`,
          [name],
        );
        expect(row.value).toMatch(/^place_[a-z0-9]{10}$/);
        expect(row.place_group).toBe('wedding');
        expect(row.is_active).toBe(true);
        // Around Yanbu, where the map opens.
        expect(Math.abs(row.latitude - 24.09)).toBeLessThan(0.5);
        expect(Math.abs(row.longitude - 38.06)).toBeLessThan(0.5);
        // Listed under its group, with no code shown; the public form lists it with the halls.
        const hall = page
          .getByRole('region', { name: /قاعات الأفراح والمناسبات/ })
          .getByTestId('important-place')
          .filter({ hasText: name });
        expect(await hall.innerText()).toContain('على الخريطة');
        expect(await page.getByText(row.value).count()).toBe(0);
        const options = await t.http.get('/api/dropdown-options').expect(200);
        expect(options.body.importantPlaces.find((p: { label: string }) => p.label === name)).toMatchObject({ group: 'wedding' });
        await screenshot(page, `admin-locations-places-${viewport.width}`);

        // Edit: the position comes back on the map, and can be removed.
        await page.getByRole('button', { name: `تعديل ${name}` }).click();
        const edit = page.getByRole('dialog', { name: 'تعديل المكان' });
        await edit.getByRole('button', { name: 'موقع المكان' }).waitFor();
        await edit.getByRole('button', { name: 'إزالة الموقع' }).click();
        await edit.getByRole('button', { name: 'حفظ' }).click();
        await page.getByText('تم تحديث المكان بنجاح').first().waitFor();
        const [after] = await db.query(
          `SELECT value, latitude, longitude FROM dropdown_options WHERE type = 'importantPlace' AND label = $1`,
          [name],
        );
        expect(after).toEqual({ value: row.value, latitude: null, longitude: null });
      });

      it(`opens quick messages on the unanswered ones; marks one answered and links another to a request (${size})`, async () => {
        await db.query('DELETE FROM quick_messages');
        const ids: number[] = [];
        for (const [i, name] of ['ريم', 'فهد', 'منى'].entries()) {
          const [row] = await db.query(
            `INSERT INTO quick_messages (sender_name, sender_phone, inquiry_type, inquiry_subject, original_message, status, answered, created_at)
             VALUES ($1, $2, 'استفسار عام', 'أخرى', $3, 'sent', $4, now() - make_interval(mins => $5)) RETURNING id`,
            [name, `05799000${i}0`, `سؤال من ${name}`, i === 2, 10 - i],
          );
          ids.push(row.id);
        }
        const card = (id: number) => page.locator(`[data-testid="quick-message"][data-id="${id}"]`);
        const page = await at('/admin/quick-messages');
        await card(ids[1]).waitFor();
        // The default filter: «لم يُرد عليها»; the answered message is not listed; the count card says 2.
        expect(await page.getByRole('combobox', { name: 'حالة الرد' }).innerText()).toBe('لم يُرد عليها');
        expect(await page.getByTestId('quick-message').count()).toBe(2);
        expect(await page.getByTestId('stat-unanswered-value').innerText()).toBe('2');
        expect(await card(ids[0]).getByTestId('answered-state').innerText()).toBe('لم يُرد عليها');

        // Link the first to a request: an unknown number is refused under the field with the server's words.
        await card(ids[0]).getByRole('button', { name: 'ربط بطلب' }).click();
        const number = card(ids[0]).getByLabel('رقم الطلب');
        await number.fill('999999999');
        await card(ids[0]).getByRole('button', { name: 'ربط', exact: true }).click();
        await card(ids[0]).getByText('لا يوجد طلب برقم #999999999').waitFor();
        await number.fill(String(requestId));
        if (size === 'phone') await screenshotOf(card(ids[0]), `admin-quick-message-link-${viewport.width}`);
        await card(ids[0]).getByRole('button', { name: 'ربط', exact: true }).click();
        await card(ids[0]).getByTestId('request-number').getByText(`#${requestId}`).waitFor();
        expect((await db.query('SELECT request_id FROM quick_messages WHERE id = $1', [ids[0]]))[0].request_id).toBe(requestId);
        expect(await card(ids[0]).getByTestId('request-number').getAttribute('href')).toContain(encodeURIComponent(`#${requestId}`));

        // Mark the second answered by hand: it leaves the list.
        await card(ids[1]).getByRole('button', { name: 'تحديد كمُجاب عنها' }).click();
        await card(ids[1]).waitFor({ state: 'detached' });
        expect(await page.getByTestId('quick-message').count()).toBe(1);
        await page.getByTestId('stat-unanswered-value').getByText('1').waitFor();
        await screenshot(page, `admin-quick-messages-unanswered-${viewport.width}`);
        expect(await axeViolations(page)).toEqual([]);

        // «الكل» shows every message, each with its state.
        await page.getByRole('combobox', { name: 'حالة الرد' }).click();
        await page.getByRole('option').filter({ hasText: 'الكل' }).click();
        await card(ids[2]).waitFor();
        expect(await page.getByTestId('quick-message').count()).toBe(3);
        expect(await card(ids[1]).getByTestId('answered-state').innerText()).toBe('تم الرد');
      });

      it(`names the resource in Arabic when a list is empty (${size})`, async () => {
        const page = await at('/admin/requests');
        await page.getByPlaceholder('بحث بالاسم أو الجوال أو رقم الطلب').fill('لا يوجد طلب بهذا الاسم أبداً');
        // The table's empty text is react-admin's, naming the resource; the phone's cards have their own.
        await page.getByText(size === 'phone' ? 'لا توجد طلبات' : 'لا توجد نتائج في «الطلبات» تطابق التصفية الحالية.').waitFor();
        expect(await page.getByText('Requests').count()).toBe(0);
        await screenshot(page, `admin-requests-no-results-${viewport.width}`);
        expect(await axeViolations(page)).toEqual([]);

        // No impact report yet: react-admin's empty page names «تقارير الأثر».
        await db.query('CREATE TABLE IF NOT EXISTS e2e_saved_impact_reports AS TABLE impact_reports WITH NO DATA');
        await db.query('INSERT INTO e2e_saved_impact_reports SELECT * FROM impact_reports');
        await db.query('DELETE FROM impact_reports');
        try {
          await page.goto(base + '/admin/impact-reports');
          await quiet(page);
          await page.getByText('لا توجد بيانات في «تقارير الأثر» بعد.').waitFor();
          expect(await page.getByText(/Impact/).count()).toBe(0);
          await screenshot(page, `admin-impact-reports-empty-${viewport.width}`);
          expect(await axeViolations(page)).toEqual([]);
        } finally {
          await db.query('INSERT INTO impact_reports SELECT * FROM e2e_saved_impact_reports');
          await db.query('DROP TABLE e2e_saved_impact_reports');
        }
      });

      it(`lists login attempts, security alerts and emergency codes under «الأمان» in the side menu (${size})`, async () => {
        const page = await at('/admin/dashboard');
        if (size === 'phone') await page.getByRole('button', { name: 'فتح القائمة' }).click();
        const menu = page.getByRole('menu', { name: 'القائمة الرئيسية' });
        await menu.getByText('الأمان', { exact: true }).waitFor();
        const items = await menu.getByRole('menuitem').allInnerTexts();
        const security = items.indexOf('محاولات الدخول');
        expect(items.slice(security, security + 3)).toEqual(['محاولات الدخول', 'التنبيهات الأمنية', 'رموز الدخول الطارئ']);
        await screenshot(page, `admin-side-menu-security-${viewport.width}`);
        expect(await axeViolations(page)).toEqual([]);
        await menu.getByRole('menuitem', { name: 'التنبيهات الأمنية' }).click();
        await page.waitForURL(/\/admin\/security-alerts/);
        await page.getByRole('heading', { name: 'التنبيهات الأمنية' }).first().waitFor();
      });
    });
  }
});

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
