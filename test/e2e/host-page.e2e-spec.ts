import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { SelfServiceLinks } from '../../src/modules/requests/self-service/self-service-links';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';
import { signInAdmin } from '../support/admin-session';
import { screenshot, screenshotOf, VIEWPORTS, quiet } from '../support/browser';
import { axeViolations, PublicSite } from '../support/public-site';

// The host's own page in Chromium at 390 and 1280 px: loaded with its timeline, cancelling through the
// confirm dialog, the states past the rule, completed and not found; screenshots and axe on each. A page
// looked at in both widths is loaded once and resized.

const CHARITY_PHONE = '0143221100';

describe("the host's own page (/r/:token)", () => {
  let phoneBefore = '';
  let site: PublicSite;

  beforeAll(async () => {
    site = await PublicSite.start('host-page-e2e');
    [{ value: phoneBefore }] = await site.db.query(`SELECT value FROM content_settings WHERE key = 'contact_phone'`);
    await site.db.query(`UPDATE content_settings SET value = $1 WHERE key = 'contact_phone'`, [CHARITY_PHONE]);
  });
  afterAll(async () => {
    // Later files find the charity's phone as it was.
    if (site) await site.db.query(`UPDATE content_settings SET value = $1 WHERE key = 'contact_phone'`, [phoneBefore]);
    await site?.close();
  });

  /** A request as the form stores it, with its link; answers its number and the link's token. */
  async function request(options: { daysAhead: number; endTime: string; status?: string; place?: boolean }) {
    const { token, selfServiceSalt, selfServiceTokenHash } = site.t.app.get(SelfServiceLinks).issue();
    const date = addDaysToDateString(riyadhDateString(site.t.clock.now()), options.daysAhead);
    const [row] = await site.db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, important_place, organizer_name,
         organizer_phone, food_types, status, self_service_salt, self_service_token_hash)
       VALUES ('wedding', 150, $1, $2, 'حي الشاطئ، شارع الملك فهد، مبنى 12، ينبع', $3, $4, 'منظم الصفحة', '0551230001',
         '{rice_meat,sweets}', $5, $6, $7) RETURNING id`,
      [
        date,
        options.endTime,
        options.place ? 'important_place' : 'custom',
        options.place ? 'wedding_king_fahd_civic_center' : null,
        options.status ?? 'received',
        selfServiceSalt,
        selfServiceTokenHash,
      ],
    );
    return { id: row.id as number, token };
  }

  // One administrator's session for the file's status changes.
  let adminToken: string | undefined;
  async function changeStatus(id: number, status: string, extra: object = {}) {
    const token = (adminToken ??= (await signInAdmin(site.t.app, 'host-page-admin')).token);
    const res = await site.t.http
      .patch(`/api/requests/${id}/status`)
      .set({ authorization: `Bearer ${token}` })
      .send({ status, ...extra });
    expect(res.status).toBe(200);
  }

  it('shows the request at 390 px (number, status chip, timeline with Hijri dates, event, deadline, cancel and phone), at 1280 px in two columns, and completed with room for the certificate', async () => {
    const { id, token } = await request({ daysAhead: 3, endTime: '23:30', place: true });
    await changeStatus(id, 'reviewing');
    const { page, status } = await site.open(`/r/${token}`, { viewport: VIEWPORTS.phone });
    expect(status).toBe(200);
    await page.getByRole('heading', { level: 1, name: `طلبكم رقم #${id}` }).waitFor();
    expect(await page.locator('.status-chip').innerText()).toBe('قيد المراجعة');
    const steps = page.locator('.timeline__step');
    expect(await steps.count()).toBe(4);
    expect(await page.locator('.timeline__step--ahead').allInnerTexts()).toEqual([
      expect.stringContaining('مؤكد للاستلام'),
      expect.stringContaining('مكتمل'),
    ]);
    expect(await steps.nth(1).innerText()).toMatch(/هـ\)/);
    expect(await steps.nth(1).innerText()).toContain('بواسطة فريق الجمعية');
    expect(await page.locator('.details').innerText()).toContain('مركز الملك فهد الحضاري');
    expect(await page.locator('.deadline').innerText()).toContain('آخر موعد للاستلام');
    await page.getByRole('button', { name: 'إلغاء الطلب' }).waitFor();
    expect(await page.locator('a[href^="tel:"]').first().getAttribute('href')).toContain('tel:');
    // No horizontal scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'host-page-390');
    expect(await axeViolations(page)).toEqual([]);

    // The same page at 1280 px.
    await page.setViewportSize(VIEWPORTS.desktop);
    const [timeline, details] = await Promise.all([page.locator('.timeline').boundingBox(), page.locator('.details').boundingBox()]);
    // Side by side: the timeline on the right (RTL), the event on the left.
    expect(timeline!.x).toBeGreaterThan(details!.x);
    await screenshot(page, 'host-page-1280');
    expect(await axeViolations(page)).toEqual([]);

    await changeStatus(id, 'confirmed');
    await changeStatus(id, 'completed');
    await page.reload();
    await quiet(page);
    await page.getByRole('heading', { name: 'شكراً لكم' }).waitFor();
    expect(await page.locator('[data-slot="certificate"]').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'إلغاء الطلب' }).count()).toBe(0);
    await screenshot(page, 'host-page-completed-1280');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('cancels at 390 px through the confirm dialog with a reason, then shows the new status', async () => {
    const { id, token } = await request({ daysAhead: 2, endTime: '22:00' });
    await changeStatus(id, 'confirmed');
    const { page } = await site.open(`/r/${token}`, { viewport: VIEWPORTS.phone });
    await page.getByRole('button', { name: 'إلغاء الطلب' }).click();
    const dialog = page.getByRole('dialog', { name: 'تأكيد إلغاء الطلب' });
    await dialog.waitFor();
    await dialog.getByLabel('سبب الإلغاء (اختياري)').fill('تأجلت المناسبة إلى الأسبوع القادم');
    await screenshotOf(dialog, 'host-page-cancel-dialog-390');
    expect(await axeViolations(page)).toEqual([]);
    // Keeping the request closes the dialog and changes nothing.
    await dialog.getByRole('button', { name: 'تراجع' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'إلغاء الطلب' }).click();
    await dialog.getByRole('button', { name: 'تأكيد الإلغاء' }).click();
    await page.locator('.status-chip', { hasText: 'ملغي' }).waitFor();
    await page.getByText('تم إلغاء الطلب، وأُبلغ فريق الجمعية').waitFor();
    expect(await page.locator('.timeline__step--cancelled').innerText()).toContain('ألغاه صاحب الطلب: تأجلت المناسبة إلى الأسبوع القادم');
    expect(await page.getByRole('button', { name: 'إلغاء الطلب' }).count()).toBe(0);
    const [row] = await site.db.query(`SELECT status, cancellation_reason FROM requests WHERE id = $1`, [id]);
    expect(row).toEqual({ status: 'cancelled', cancellation_reason: 'ألغاه صاحب الطلب: تأجلت المناسبة إلى الأسبوع القادم' });
    await screenshot(page, 'host-page-cancelled-390');
    expect(await axeViolations(page)).toEqual([]);
  });

  it("past the 4-hour rule offers the charity's phone instead of the button (390 px)", async () => {
    const { token } = await request({ daysAhead: 1, endTime: '22:00' });
    const tomorrow = addDaysToDateString(riyadhDateString(site.t.clock.now()), 1);
    const real = site.t.clock.now();
    site.t.clock.set(new Date(`${tomorrow}T18:30:00+03:00`));
    try {
      const { page } = await site.open(`/r/${token}`, { viewport: VIEWPORTS.phone });
      await page.getByText('لم يعد الإلغاء متاحاً من هذه الصفحة', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: 'إلغاء الطلب' }).count()).toBe(0);
      expect(await page.locator('#cancel-heading + p + p a').getAttribute('href')).toBe('tel:+966143221100');
      await screenshot(page, 'host-page-closed-390');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      site.t.clock.set(real);
    }
  });

  it('answers an unknown link with the page (200) saying the link is wrong or expired, at 390 and 1280 px', async () => {
    // Loaded once, looked at at 390 px and then at 1280 px.
    const { page, status } = await site.open(`/r/${randomBytes(32).toString('base64url')}`, { viewport: VIEWPORTS.phone });
    expect(status).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'الرابط غير صحيح أو انتهت صلاحيته' }).waitFor();
    await page.locator('#main-content').getByRole('link', { name: 'تواصل معنا' }).waitFor();
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      await screenshot(page, `host-page-not-found-${viewport.width}`);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
