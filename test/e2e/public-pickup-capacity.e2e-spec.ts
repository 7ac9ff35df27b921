import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { formatGregorianAr } from '../../src/shared/arabic-date';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';
import { screenshot, screenshotOf } from '../support/browser';
import { axeViolations, pickDate, PublicSite, submitRequest, toast } from '../support/public-site';

/**
 * The daily pickup capacity on the public form, in Chromium against the real server: full dates are
 * disabled and named in the calendar, and a date that fills up while the visitor types is refused with
 * the next free date, on a toast and on the date field.
 */
describe('the request form with a daily pickup capacity', () => {
  let site: PublicSite;
  const today = riyadhDateString(new Date());
  const full = addDaysToDateString(today, 9);
  const lastPlace = addDaysToDateString(today, 10);
  let capacity = 0;

  const count = async (date: string): Promise<number> =>
    (await site.db.query(`SELECT count(*)::int AS n FROM requests WHERE event_date = $1 AND status <> 'cancelled'`, [date]))[0].n;
  const fill = async (date: string, n: number) => {
    for (let i = 0; i < n; i += 1)
      await site.db.query(
        `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name,
           organizer_phone, food_types, status) VALUES ('wedding', 100, $1, '22:00', 'ينبع', 'custom', 'حجز سابق', $2, '{}', 'received')`,
        [date, `05580${String(Math.floor(Math.random() * 100000)).padStart(5, '0')}`],
      );
  };

  /** The form's required fields with a venue, the event on `daysAhead`. */
  async function fillForm(page: Page, daysAhead: number) {
    await page.locator('#rf-eventType').selectOption('wedding');
    await page.locator('#rf-attendeeCount').fill('120');
    await pickDate(page, daysAhead);
    await page.locator('#rf-endTime').fill('2230');
    await page.locator('#rf-endTime').blur();
    await page.getByLabel('مكان معروف').check();
    await page.locator('#rf-importantPlace').selectOption('wedding_king_fahd_civic_center');
    await page.locator('#rf-organizerName').fill('نورة سعيد');
    await page.locator('#rf-organizerPhone').fill('0559876543');
    await page.locator('#rf-organizerPhone').blur();
    await page.locator('#rf-termsAccepted').check();
    await page.locator('#rf-whatsappOptIn').check();
  }

  beforeAll(async () => {
    site = await PublicSite.start('public-pickup-capacity');
    await site.db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'site_blocked'`);
    // One place left on `lastPlace`; `full` has none.
    capacity = Math.max(await count(full), (await count(lastPlace)) + 1, 1);
    await fill(full, capacity - (await count(full)));
    await fill(lastPlace, capacity - 1 - (await count(lastPlace)));
    await site.db.query(
      `INSERT INTO system_settings (key, value, description) VALUES ('pickup_max_per_day', $1, 'e2e')
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [String(capacity)],
    );
  });
  afterAll(async () => {
    await site?.db.query(`DELETE FROM system_settings WHERE key = 'pickup_max_per_day'`);
    await site?.close();
  });

  it('marks full dates in the calendar, and refuses a date that filled up with the next free one (390 px)', async () => {
    const { page } = await site.open('/#request-form');
    await page.locator('form.request-form').waitFor();

    // The calendar: the full day is disabled, struck through and named; a note says why.
    await page.locator('#rf-eventDate').click();
    await page.locator('.calendar').waitFor();
    if ((await page.locator(`td[data-day="${full}"]:not([data-outside])`).count()) === 0) await page.locator('.rdp-button_next').click();
    const cell = page.locator(`td[data-day="${full}"]:not([data-outside])`);
    await page.waitForFunction((day) => document.querySelector(`td[data-day="${day}"].calendar__day--full`) !== null, full);
    expect(await cell.locator('button').isDisabled()).toBe(true);
    expect(await cell.locator('button').getAttribute('aria-label')).toContain('اكتمل جدول الاستلام');
    await page.getByText('الأيام المشطوبة اكتمل فيها جدول الاستلام، اختر يوماً آخر.').waitFor();
    expect(await page.locator(`td[data-day="${lastPlace}"] button`).isDisabled()).toBe(false);
    await screenshot(page, 'public-calendar-full-day-390');
    await screenshotOf(page.locator('.date-field__panel'), 'public-calendar-full-day-390-panel');
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    // The visitor picks the day with one place left; someone else takes it before they send.
    await fillForm(page, 10);
    await fill(lastPlace, 1);
    const response = await submitRequest(page);
    expect(response.status()).toBe(409);
    const body = (await response.json()) as { code: string; message: string; details: { date: string; nextAvailable: string | null } };
    expect(body.code).toBe('DATE_FULL');
    expect(body.details.date).toBe(lastPlace);
    const expected = `اكتمل جدول الاستلام في ${formatGregorianAr(lastPlace)}، أقرب موعد متاح ${formatGregorianAr(body.details.nextAvailable!)}`;
    expect(body.message).toBe(expected);
    await toast(page).getByText('اكتمل جدول الاستلام في هذا اليوم').waitFor();
    expect(await toast(page).innerText()).toContain(expected);
    // The same sentence on the date field, which has the focus; what the visitor typed stays.
    const field = page.locator('#rf-eventDate');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#rf-eventDate-error').innerText()).toBe(expected);
    expect(await page.locator('#rf-organizerName').inputValue()).toBe('نورة سعيد');
    await screenshot(page, 'public-date-full-refused-390');
    await page.screenshot({ path: 'test-results/screenshots/public-date-full-refused-390-view.png' });
    expect(await axeViolations(page)).toEqual([]);

    // The calendar now shows that day full as well.
    await field.click();
    await page.locator('.calendar').waitFor();
    await page.waitForFunction((day) => document.querySelector(`td[data-day="${day}"].calendar__day--full`) !== null, lastPlace);
    expect(await page.locator(`td[data-day="${lastPlace}"] button`).isDisabled()).toBe(true);
  });
});
