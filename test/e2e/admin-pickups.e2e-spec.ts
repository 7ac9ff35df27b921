import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';
import { signInAdmin } from '../support/admin-session';
import { axeViolations } from '../support/axe';
import { launchChromium, openSignedIn, quiet, screenshot, settled, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=', 'base64');

/**
 * «جدول الاستلام» (/admin/pickups) and the dashboard that opens on the day, in Chromium against the real
 * server. Only the map tiles (the internet) are stood in for.
 */
describe("the dispatcher's day in the admin: /admin/pickups and the dashboard", () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;
  const today = riyadhDateString(new Date());
  const tomorrow = addDaysToDateString(today, 1);
  const tag = `جدول${Date.now() % 100000}`;
  let place: { value: string; label: string; latitude: number | null; longitude: number | null };
  let district: { value: string; name: string };
  let phone = 0;

  async function seed(
    name: string,
    over: Partial<Record<'date' | 'end' | 'status' | 'place' | 'landmarks', string>> & {
      lat?: number;
      lng?: number;
      assignee?: [string, string];
    } = {},
  ) {
    phone += 1;
    // The assigned volunteer, as the volunteers resource keeps them (one per number).
    const [volunteer] = over.assignee
      ? await db.query(
          `INSERT INTO volunteers (name, whatsapp) VALUES ($1, '+966' || substr($2, 2))
           ON CONFLICT (whatsapp) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
          over.assignee,
        )
      : [null];
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, area, district,
         important_place, latitude, longitude, landmarks, organizer_name, organizer_phone, food_types, status, volunteer_id)
       VALUES ('wedding', 150, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, '{rice_meat,sweets}', $13, $14) RETURNING id`,
      [
        over.date ?? today,
        over.end ?? '22:00',
        over.place ? `${place.label}، ينبع` : `ينبع، حي ${district.name}، مبنى 12`,
        over.place ? 'important_place' : 'custom',
        over.place ? null : 'yanbu_city',
        over.place ? null : district.value,
        over.place ?? null,
        over.lat ?? null,
        over.lng ?? null,
        over.landmarks ?? null,
        `${tag} ${name}`,
        `05570${String(phone).padStart(5, '0')}`,
        over.status ?? 'confirmed',
        volunteer?.id ?? null,
      ],
    );
    return row.id as number;
  }

  /** A signed-in page whose map tiles come from here (the tests run without internet). */
  async function open(viewport: { width: number; height: number }, path: string): Promise<Page> {
    const page = await browser.newPage({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh', acceptDownloads: true });
    await page.route('https://tile.openstreetmap.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: PNG_1x1 }),
    );
    await openSignedIn(page, base, { token, username: 'dispatcher-e2e' }, path);
    await page.evaluate(() => document.fonts.ready);
    return page;
  }

  const cardNames = (page: Page) =>
    page
      .locator('.pickups-list h3')
      .evaluateAll((els, prefix) => els.map((e) => e.textContent ?? '').filter((s) => s.includes(prefix as string)), tag);

  let launching: Promise<Browser> | undefined;
  beforeAll(async () => {
    // Chromium starts while the app does (a failed start is reported where it is awaited, below).
    launching = launchChromium();
    launching.catch(() => undefined);
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:pickups-e2e` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'dispatcher-e2e')).token;
    [district] = await db.query(
      `SELECT value, name FROM simple_districts WHERE area_value = 'yanbu_city' AND is_active ORDER BY id LIMIT 1`,
    );
    // A hall of the test's own, at a point no other test uses: other files' requests of today stay off its cluster.
    const value = `e2e_pickups_${Date.now().toString(36)}`;
    [place] = await db.query(
      `INSERT INTO dropdown_options (type, value, label, is_active, sort_order, latitude, longitude)
       VALUES ('importantPlace', $1, $2, true, 999, 24.0701, 38.0902) RETURNING value, label, latitude, longitude`,
      [value, `قاعة ${tag}`],
    );
    await db.query(`DELETE FROM system_settings WHERE key = 'pickup_max_per_day'`);
    // Today: two at the same hall (a cluster on the map), one with a phone's GPS point, one at an address only.
    await seed('قاعة أولى', {
      end: '20:00',
      place: place.value,
      assignee: ['سالم السائق', `055${String(Date.now() % 10_000_000).padStart(7, '0')}`],
    });
    await seed('قاعة ثانية', { end: '21:00', place: place.value });
    await seed('موقع الجوال', { end: '22:30', lat: 24.1203, lng: 38.0411, landmarks: 'مقابل الحديقة العامة' });
    await seed('عنوان فقط', { end: '23:45' });
    await seed('ملغى', { end: '19:00', status: 'cancelled' });
    await seed('غدًا', { date: tomorrow, end: '21:30', lat: 24.095, lng: 38.07 });
    browser = await launching;
  });
  afterAll(async () => {
    await (browser ?? (await launching?.catch(() => undefined)))?.close();
    if (place) await db.query(`UPDATE dropdown_options SET is_active = false WHERE type = 'importantPlace' AND value = $1`, [place.value]);
    await db?.query(`DELETE FROM system_settings WHERE key = 'pickup_max_per_day'`);
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

      it(`shows the day's pickups by deadline as cards, on a clustered map and in the 14-day strip (${size})`, async () => {
        const page = await at('/admin/pickups');
        await page.getByRole('heading', { level: 1, name: 'جدول الاستلام' }).waitFor();
        await page.locator('.pickups-list').waitFor();
        expect(await cardNames(page)).toEqual([
          expect.stringContaining(`${tag} قاعة أولى`),
          expect.stringContaining(`${tag} قاعة ثانية`),
          expect.stringContaining(`${tag} موقع الجوال`),
          expect.stringContaining(`${tag} عنوان فقط`),
        ]);
        const first = page.locator('article', { hasText: `${tag} قاعة أولى` });
        await first.getByText(place.label, { exact: true }).waitFor();
        await first.getByText('سالم السائق').waitFor();
        expect(await first.getByRole('link', { name: 'اتصال بالرقم 0557000001' }).getAttribute('href')).toBe('tel:+966557000001');
        const maps = await first.getByRole('link', { name: `افتح موقع ${tag} قاعة أولى في تطبيق الخرائط` }).getAttribute('href');
        expect(maps).toBe('https://www.google.com/maps/search/?api=1&query=24.070100%2C38.090200');
        const addressOnly = page.locator('article', { hasText: `${tag} عنوان فقط` });
        expect(await addressOnly.getByRole('link', { name: /في تطبيق الخرائط/ }).getAttribute('href')).toContain(
          encodeURIComponent(district.name),
        );

        if (size === 'phone') {
          // A volunteer assigned from the card itself: the dialog lists the active volunteers.
          const [volunteer] = await db.query(`INSERT INTO volunteers (name, whatsapp) VALUES ($1, $2) RETURNING id`, [
            `ماجد ${tag}`,
            `+96655${String(Date.now() % 10_000_000).padStart(7, '0')}`,
          ]);
          const second = page.locator('article', { hasText: `${tag} قاعة ثانية` });
          const id = Number((await second.getAttribute('aria-labelledby'))?.replace('pickup-', ''));
          await second.getByRole('button', { name: `تعيين متطوع للطلب ${id}` }).click();
          const dialog = page.getByRole('dialog', { name: `المتطوع المسؤول عن الطلب #${id}` });
          await dialog.getByLabel('اختر متطوعاً نشطاً').fill(`ماجد ${tag}`);
          await page.getByRole('option', { name: new RegExp(`ماجد ${tag}`) }).click();
          await settled(page);
          await screenshot(page, 'admin-pickups-assign-390');
          await dialog.getByRole('button', { name: 'تعيين', exact: true }).click();
          await second.getByText(`ماجد ${tag}`).waitFor();
          expect((await db.query(`SELECT volunteer_id FROM requests WHERE id = $1`, [id]))[0].volunteer_id).toBe(volunteer.id);
        }

        // The map: Leaflet with the tiles stood in for, numbered markers, the two at the hall clustered.
        const map = page.getByTestId('pickups-map');
        await map.locator('.leaflet-container').waitFor();
        await map.locator('.marker-cluster').first().waitFor();
        expect(await map.locator('.marker-cluster').first().innerText()).toBe('2');
        expect(await map.locator('.pickup-marker').count()).toBeGreaterThanOrEqual(1);
        await map.locator('.pickup-marker', { hasText: '3' }).waitFor();

        // The strip: 14 days from today, today pressed, each with its count.
        const strip = page.getByRole('navigation', { name: 'الأيام الأربعة عشر القادمة' });
        expect(await strip.getByRole('button').count()).toBe(14);
        expect(await strip.locator(`[data-date="${today}"]`).getAttribute('aria-pressed')).toBe('true');

        await quiet(page);
        await screenshot(page, `admin-pickups-${viewport.width}`);
        expect(await axeViolations(page)).toEqual([]);

        // Tomorrow from the strip: the address keeps the date; tomorrow's pickup alone is listed.
        await strip.locator(`[data-date="${tomorrow}"]`).click();
        await page.waitForURL((url) => url.searchParams.get('date') === tomorrow);
        await page.locator('article', { hasText: `${tag} غدًا` }).waitFor();
        expect(await cardNames(page)).toEqual([expect.stringContaining(`${tag} غدًا`)]);
        await page.getByRole('button', { name: 'اليوم السابق' }).click();
        await page.locator('article', { hasText: `${tag} قاعة أولى` }).waitFor();
      });

      it(`opens the dashboard on the day: pickups with their place, then the week's and month's figures, then the cards (${size})`, async () => {
        const page = await at('/admin/dashboard');
        const day = page.getByRole('region', { name: 'استلامات اليوم والغد' });
        await day.getByText(`${tag} قاعة أولى`).waitFor();
        const todayList = day.getByRole('region', { name: 'اليوم' });
        await todayList.getByText(place.label).first().waitFor();
        await todayList.getByText(`ينبع، حي ${district.name}، مبنى 12`, { exact: false }).first().waitFor();
        expect(await todayList.getByText(`${tag} ملغى`).count()).toBe(0);
        await day.getByRole('region', { name: 'غدًا' }).getByText(`${tag} غدًا`).waitFor();
        const figures = page.getByRole('region', { name: 'ما أُنجز' });
        await figures.getByRole('region', { name: 'هذا الأسبوع' }).waitFor();
        await figures.getByRole('region', { name: 'هذا الشهر' }).getByText('كجم طعام محفوظ').waitFor();
        // The day comes first, the figures next, the spec's settings cards below.
        const y = async (locator: ReturnType<Page['locator']>) => (await locator.boundingBox())!.y;
        const cardsHeading = page.getByRole('heading', { name: 'بطاقات الإدارة' });
        expect(await y(day)).toBeLessThan(await y(figures));
        expect(await y(figures)).toBeLessThan(await y(cardsHeading));
        await quiet(page);
        await screenshot(page, `admin-dashboard-day-${viewport.width}`);
        expect(await axeViolations(page)).toEqual([]);
        await day.getByRole('link', { name: 'فتح جدول الاستلام' }).first().click();
        await page.waitForURL((url) => url.pathname === '/admin/pickups');
        await page.getByRole('heading', { level: 1, name: 'جدول الاستلام' }).waitFor();
      });

      if (size === 'phone') {
        it('offers the capacity on the settings page too (390 px)', async () => {
          await db.query(`DELETE FROM system_settings WHERE key = 'pickup_max_per_day'`);
          const page = await at('/admin/main');
          const card = page.getByRole('region', { name: 'الحد اليومي للاستلامات' });
          await card.getByText('بلا حد يومي').waitFor();
          await card.scrollIntoViewIfNeeded();
          await screenshot(page, 'admin-settings-capacity-390');
          expect(await axeViolations(page)).toEqual([]);
        });

        it('sets the daily capacity: full days are marked in the strip with the word «مكتمل» (390 px)', async () => {
          // (Last at this width: the pages after it would read the capacity it set. Saving refreshes the strip.)
          const page = await at('/admin/pickups');
          const strip = page.getByRole('navigation', { name: 'الأيام الأربعة عشر القادمة' });
          await strip.locator(`[data-date="${today}"]`).waitFor();
          const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM requests WHERE event_date = $1 AND status <> 'cancelled'`, [
            today,
          ]);
          await page.getByRole('button', { name: 'تعديل الحد' }).first().click();
          const dialog = page.getByRole('dialog', { name: 'الحد اليومي للاستلامات' });
          await dialog.getByLabel('الحد الأقصى للاستلامات في اليوم').fill('0');
          await dialog.getByRole('button', { name: 'حفظ الحد' }).click();
          await dialog.getByText('الحد الأقصى للاستلامات في اليوم يجب أن يكون رقماً صحيحاً من 1 إلى 1000', { exact: false }).waitFor();
          expect(await dialog.isVisible()).toBe(true);
          await dialog.getByLabel('الحد الأقصى للاستلامات في اليوم').fill(String(n));
          await dialog.getByRole('button', { name: 'حفظ الحد' }).click();
          await page.getByText(`تم حفظ الحد اليومي للاستلامات: ${n}`).waitFor();
          const todayButton = strip.locator(`[data-date="${today}"]`);
          await todayButton.getByText('مكتمل').waitFor();
          expect(await todayButton.innerText()).toContain(`${n}/${n}`);
          await page.getByText(`عدد الاستلامات: ${n} من ${n}`).waitFor();
          await quiet(page);
          await screenshot(page, 'admin-pickups-capacity-390');
          expect(await axeViolations(page)).toEqual([]);
          await db.query(`DELETE FROM system_settings WHERE key = 'pickup_max_per_day'`);
        });
      } else {
        it('downloads the run sheet as an Arabic PDF and prints only the cards (1280 px)', async () => {
          const page = await at('/admin/pickups');
          await page.locator('.pickups-list').waitFor();
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.getByRole('button', { name: 'تنزيل الجدول ملفًا للطباعة' }).click(),
          ]);
          expect(download.suggestedFilename()).toBe(`جدول-الاستلام-${today}.pdf`);
          const text = execFileSync('pdftotext', ['-q', (await download.path())!, '-'])
            .toString('utf8')
            .replace(/[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, '');
          expect(text).toContain('جدولالاستلام');
          expect(text).toContain(`${tag}قاعةأولى`.replace(/\s+/g, ''));

          // The print stylesheet: no menu, app bar, buttons, strip or map; the cards in one column.
          await page.emulateMedia({ media: 'print' });
          expect(await page.getByTestId('pickups-map').isVisible()).toBe(false);
          expect(await page.getByRole('navigation', { name: 'الأيام الأربعة عشر القادمة' }).isVisible()).toBe(false);
          expect(await page.getByRole('button', { name: 'طباعة' }).isVisible()).toBe(false);
          expect(await page.locator('.MuiAppBar-root').isVisible()).toBe(false);
          expect(await page.locator('article', { hasText: `${tag} عنوان فقط` }).isVisible()).toBe(true);
          await screenshot(page, 'admin-pickups-print-1280');
          const pdf = await page.pdf({ format: 'A4' });
          const printed = execFileSync('pdftotext', ['-q', '-', '-'], { input: pdf })
            .toString('utf8')
            .replace(/[\s\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, '');
          expect(printed).toContain(`${tag}عنوانفقط`);
          expect(printed).not.toContain('الأيامالأربعةعشرالقادمة');
        });
      }
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
