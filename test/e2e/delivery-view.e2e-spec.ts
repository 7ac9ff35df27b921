import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { launchChromium, quiet, screenshot, screenshotOf, signedInPage, VIEWPORTS } from '../support/browser';
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

/** The request detail's WhatsApp messages, a re-send of a failed one, and the dashboard's failures card. */
describe('delivery view in the admin', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let session: { token: string; username: string };

  async function failedRequest(name: string): Promise<{ id: number; attemptId: number }> {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, food_types, status, whatsapp_opt_in)
       VALUES ('wedding', 80, CURRENT_DATE + 5, '22:00', 'ينبع', 'custom', $1, '0554400002', '{}', 'received', true) RETURNING id`,
      [name],
    );
    await t.http
      .patch(`/api/requests/${row.id}/status`)
      .set({ Authorization: `Bearer ${session.token}` })
      .send({ status: 'confirmed' })
      .expect(200);
    const [updated] = await db.query(
      `UPDATE assurance_attempts a SET status = 'failed', provider_error_code = '63003', attempts = 3
         FROM assurance_notification_groups g WHERE g.group_id = a.group_id AND g.form_id = $1 RETURNING a.attempt_id`,
      [`request:${row.id}`],
    );
    return { id: row.id, attemptId: updated[0].attempt_id };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:delivery-e2e` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    session = { token: (await signInAdmin(t.app, 'delivery-e2e-admin')).token, username: 'delivery-e2e-admin' };
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const openCircuit = () =>
    db.query(
      `UPDATE delivery_circuit SET state = 'open', consecutive_failures = 5, opened_at = now() - interval '4 minutes',
              retry_at = now() + interval '1 minute', cooldown_ms = 60000, last_error = '500: Internal Server Error' WHERE id = 1`,
    );
  const closeCircuit = () =>
    db.query(`UPDATE delivery_circuit SET state = 'closed', consecutive_failures = 0, opened_at = NULL, retry_at = NULL WHERE id = 1`);

  // One page per width: the request's messages on the desk, then the dashboard (reached inside the app)
  // with the last day's failures and the paused-sending warning as the circuit opens and closes.
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows a request's messages and sends a failed one again; the dashboard's failures and paused-sending warning (${size})`, async () => {
      // --- The request detail: the messages with the error in Arabic, and a failed one sent again.
      const name = `منظم الرسائل ${size}`;
      const { id, attemptId } = await failedRequest(name);
      const page = await signedInPage(
        browser,
        base,
        session,
        viewport,
        `/admin/requests?filter=${encodeURIComponent(JSON.stringify({ id }))}`,
      );
      if (size === 'phone') await page.getByRole('button', { name: `تفاصيل الطلب ${id}` }).click();
      else await page.getByRole('cell', { name }).click();
      const dialog = page.getByRole('dialog', { name: /تفاصيل الطلب/ });
      const section = dialog.getByRole('region', { name: 'رسائل واتساب' });
      const message = section.getByRole('listitem', { name: 'تحديث حالة الطلب: فشل الإرسال' });
      await message.getByText('الرقم غير مسجل في واتساب').waitFor();
      await message.getByText('+966554400002').waitFor();
      await message.scrollIntoViewIfNeeded();
      await screenshot(page, `admin-request-messages-${viewport.width}`);
      await message.getByRole('button', { name: 'إعادة إرسال تحديث حالة الطلب' }).click();
      await page.getByText('أُعيدت الرسالة إلى قائمة الإرسال').first().waitFor();
      await section.getByRole('listitem', { name: 'تحديث حالة الطلب: في قائمة الانتظار' }).waitFor();
      const [row] = await db.query(`SELECT status, attempts FROM assurance_attempts WHERE attempt_id = $1`, [attemptId]);
      expect(row).toEqual({ status: 'queued', attempts: 0 });

      // --- The dashboard: the last day's failures with a link to the request (1280 px).
      const failed = size === 'desktop' ? await failedRequest('منظم لوحة الفشل') : undefined;
      await goInApp(page, '/admin/dashboard');
      const card = page.getByRole('region', { name: 'رسائل واتساب الفاشلة (آخر 24 ساعة)' });
      if (failed) {
        await card.getByText('الرقم غير مسجل في واتساب').first().waitFor();
        await card.getByRole('link', { name: `الطلب رقم ${failed.id}` }).waitFor();
        await card.scrollIntoViewIfNeeded();
        await screenshot(page, 'admin-dashboard-failed-messages-1280');
      }

      // --- Sending paused: the card warns (the app bar's refresh reads it again), and not once it resumes.
      const refresh = async () => {
        // Back to the top: on the phone the app bar hides while the page is scrolled down.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.getByRole('button', { name: 'تحديث البيانات' }).click();
      };
      await openCircuit();
      try {
        await refresh();
        const warning = card.getByRole('status').filter({ hasText: 'إرسال رسائل واتساب متوقف مؤقتاً' });
        await warning.waitFor();
        await warning.getByText('الرسائل محفوظة وتُرسل تلقائياً عند عودته').waitFor();
        await warning.getByText('500: Internal Server Error').waitFor();
        await card.scrollIntoViewIfNeeded();
        // Nothing of the card spills past the phone's width.
        const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow).toBeLessThanOrEqual(1);
        await quiet(page);
        await screenshotOf(card, `admin-dashboard-delivery-paused-${viewport.width}`);
      } finally {
        await closeCircuit();
      }
      await refresh();
      await card.getByText('إرسال رسائل واتساب متوقف مؤقتاً').waitFor({ state: 'detached' });
      // Loaded (its badge counts the failures, or says there are none), without the warning.
      await card
        .getByText(/فاشلة|لا توجد/)
        .first()
        .waitFor();
      expect(await card.getByText('إرسال رسائل واتساب متوقف مؤقتاً').count()).toBe(0);

      if (failed) {
        // The failure's link opens the request on the desk.
        await card.getByRole('link', { name: `الطلب رقم ${failed.id}` }).click();
        await page.waitForURL(/\/admin\/requests/);
        await page.getByRole('cell', { name: 'منظم لوحة الفشل' }).waitFor();
      }
      await page.close();
    });
  }
});
