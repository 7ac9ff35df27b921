import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { proxyDown } from '../support/network-failures';
import {
  expectToastSeen,
  launchChromium,
  openSignedIn,
  recordToasts,
  screenshot,
  signedInPage,
  VIEWPORTS,
  quiet,
} from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

const TAG = 'فشل التنبيهات';

/** Closes the toasts still shown (Escape, as the spec allows), so the next screen's toasts are its own. */
async function closeToasts(page: Page): Promise<void> {
  const alerts = page.getByRole('region', { name: /^التنبيهات/ }).getByRole('alert');
  while ((await alerts.count()) > 0) {
    await page.keyboard.press('Escape');
    await alerts.first().waitFor({ state: 'detached' });
  }
}

/**
 * The failure texts of admin-side section 8 in Chromium against the real server: each screen's own
 * heading, then why — the server's Arabic message where it refused, or what went wrong on the way (a
 * proxy's 502/503 while the api is down, no connection, an answer that is not the api's).
 */
describe('admin failure toasts and messages (spec section 8)', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:failure-toasts-e2e` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'failures-admin')).token;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await db?.query(`DELETE FROM requests WHERE organizer_name LIKE $1`, [`${TAG}%`]);
    await db?.query(`DELETE FROM quick_messages WHERE sender_name LIKE $1`, [`${TAG}%`]);
    await t?.close();
  });

  const signedIn = (path: string, viewport: { width: number; height: number } = VIEWPORTS.desktop): Promise<Page> =>
    signedInPage(browser, base, { token, username: 'failures-admin' }, viewport, path);

  async function seedRequest(name: string, phone: string): Promise<number> {
    const [row] = await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status)
       VALUES ('wedding', 120, '2026-12-20', '22:00', 'ينبع', 'custom', $1, $2, 'received') RETURNING id`,
      [name, phone],
    );
    return row.id;
  }

  it('says why a sign-in failed: a server error with its status, an answer that is not the api, an answer without a session', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    await page.goto(base + '/admin/login');
    await quiet(page);
    const login = '**/api/auth/login';
    const tryLogin = async () => {
      await page.locator('input[name="username"]').fill('failures-admin');
      await page.locator('input[name="password"]').fill('any-password');
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    };

    await page.route(login, proxyDown(502));
    await tryLogin();
    await page.getByText('خطأ في الخادم: 502. حاول مرة أخرى بعد قليل.').waitFor();
    // The proxy's English never reaches the screen.
    expect(await page.getByText('Bad Gateway').count()).toBe(0);
    await screenshot(page, 'admin-login-server-error-390');
    await page.unroute(login);

    await page.route(login, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<html>portal</html>' }));
    await tryLogin();
    await page.getByText('خطأ في الاتصال بالخادم: وصلت استجابة غير متوقعة. حاول مرة أخرى بعد قليل.').waitFor();
    await page.unroute(login);

    // A refusal that names no reason: the login's own words.
    await page.route(login, (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{}' }));
    await tryLogin();
    await page.getByText('تعذّر تسجيل الدخول. تحقّق من اسم المستخدم وكلمة المرور ثم حاول مرة أخرى.').waitFor();
    await page.unroute(login);

    await page.route(login, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"success":true}' }));
    await tryLogin();
    await page.getByText('وصلت استجابة غير متوقعة من الخادم.').waitFor();
    // Still on the login page, nothing stored.
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    await page.close();
  });

  it('says «فشل في طلب إعادة ضبط كلمة المرور» with the reason when the reset request cannot reach the server', async () => {
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    await page.goto(base + '/admin/password-reset');
    await quiet(page);
    await page.route('**/api/auth/reset-password', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('اسم المستخدم').fill('failures-admin');
    await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
    await page.getByRole('alert').getByText('فشل في طلب إعادة ضبط كلمة المرور: تعذّر الاتصال بالخادم').waitFor();
    // The code step is not shown: nothing was sent.
    expect(await page.getByRole('button', { name: 'تعيين كلمة المرور' }).count()).toBe(0);
    await screenshot(page, 'admin-password-reset-failed-390');
    await page.close();
  });

  it('says «خطأ في الحذف», «خطأ في الحذف المتعدد» and «خطأ في التحديث المتعدد» on the requests desk, and changes nothing; then «فشل في حفظ خيارات القوائم» on the content edit', async () => {
    const gone = await seedRequest(`${TAG} محذوف`, '0557700001');
    const a = await seedRequest(`${TAG} أول`, '0557700002');
    const b = await seedRequest(`${TAG} ثان`, '0557700003');
    const page = await signedIn(`/admin/requests?filter=${encodeURIComponent(JSON.stringify({ q: TAG }))}`);
    await page.getByRole('cell', { name: `${TAG} ثان` }).waitFor();

    // Another administrator deleted this request a moment ago: the server says so.
    await page.getByRole('button', { name: `حذف الطلب ${gone}`, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'حذف الطلب' });
    await confirm.waitFor();
    await db.query('DELETE FROM requests WHERE id = $1', [gone]);
    await confirm.getByRole('button', { name: 'تأكيد الحذف' }).click();
    await page.getByText(/^خطأ في الحذف: \S/).waitFor();
    // The list shows what the server holds now: the request that is gone leaves it, with its dialog.
    await page.getByRole('cell', { name: `${TAG} محذوف` }).waitFor({ state: 'detached' });
    await confirm.waitFor({ state: 'detached' });

    const select = async () => {
      for (const name of [`${TAG} أول`, `${TAG} ثان`])
        await page
          .getByRole('row', { name: new RegExp(name) })
          .getByRole('checkbox')
          .check();
    };
    // The api is down behind the proxy: the bulk delete fails as a whole.
    await page.route('**/api/requests/bulk', proxyDown(503));
    await select();
    await page.getByLabel('إجراء على المحدد').click();
    await page.getByRole('option', { name: 'حذف', exact: true }).click();
    await page.getByRole('button', { name: 'تطبيق' }).click();
    // Several requests are spoken of in the plural.
    await page.getByRole('dialog', { name: 'حذف 2 طلبات' }).getByText('هل أنت متأكد من الحذف؟ تُنقل الطلبات إلى').waitFor();
    await page.getByRole('dialog', { name: 'حذف 2 طلبات' }).getByRole('button', { name: 'تأكيد الحذف' }).click();
    await page.getByText('خطأ في الحذف المتعدد: خطأ في الخادم: 503').waitFor();
    await screenshot(page, 'admin-desk-bulk-delete-failed-1280');
    await page.getByRole('dialog', { name: 'حذف 2 طلبات' }).getByRole('button', { name: 'إلغاء' }).click();
    await page.unroute('**/api/requests/bulk');

    // No connection at all: the bulk status change says so.
    await page.route('**/api/requests/bulk', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('إجراء على المحدد').click();
    await page.getByRole('option', { name: 'تغيير الحالة إلى: قيد المراجعة' }).click();
    await page.getByRole('button', { name: 'تطبيق' }).click();
    await page.getByText('خطأ في التحديث المتعدد: تعذّر الاتصال بالخادم').waitFor();
    const rows = await db.query(`SELECT status FROM requests WHERE id = ANY($1)`, [[a, b]]);
    expect(rows).toEqual([{ status: 'received' }, { status: 'received' }]);
    await page.unroute('**/api/requests/bulk');

    // --- «فشل في حفظ خيارات القوائم» with the reason, and the lists kept as typed (the content-edit
    // screen, reached inside the app).
    await closeToasts(page);
    await page.evaluate(() => {
      history.pushState(null, '', '/admin/content-edit');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await quiet(page);
    const food = page.getByLabel('خيار جديد في أنواع الطعام');
    await food.fill('حلويات المناسبة');
    await food.press('Enter');
    await page.route('**/api/admin/dropdown-options', (route) =>
      route.request().method() === 'PUT' ? proxyDown(503)(route) : route.continue(),
    );
    await page.getByRole('button', { name: 'حفظ القوائم' }).click();
    await page.getByText('فشل في حفظ خيارات القوائم: خطأ في الخادم: 503. حاول مرة أخرى بعد قليل.').waitFor();
    await screenshot(page, 'admin-lists-save-failed-1280');
    // What was typed is still on the screen to save again; nothing reached the lists.
    expect(await page.getByRole('region', { name: 'أنواع الطعام' }).getByText('حلويات المناسبة', { exact: true }).count()).toBe(1);
    expect(await db.query(`SELECT 1 FROM dropdown_options WHERE label = 'حلويات المناسبة'`)).toEqual([]);
    await page.close();
  });

  it('says the quick messages failures: loading, a reply, a refused reply, a delete, and a date it cannot read', async () => {
    const [row] = await db.query(
      `INSERT INTO quick_messages (sender_name, sender_phone, inquiry_type, inquiry_subject, original_message, status)
       VALUES ($1, '0561230077', 'استفسار عام', 'أخرى', 'هل تستلمون من العيص؟', 'sent') RETURNING id`,
      [`${TAG} مرسل`],
    );
    const list = '**/api/admin/quick-messages?*';
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    await recordToasts(page);
    await page.route(list, proxyDown(503));
    const listLoads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/api/admin/quick-messages') listLoads.push(request.url());
    });
    await openSignedIn(page, base, { token, username: 'failures-admin' }, '/admin/quick-messages');
    await page.getByText('خطأ في تحميل الرسائل السريعة. يرجى المحاولة مرة أخرى.').waitFor();
    await screenshot(page, 'admin-quick-messages-load-failed-390');
    // The spec's query defaults: a failed load is not retried, and coming back to the tab asks nothing.
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    // A load it started would be in flight now: wait until the page has nothing loading.
    await quiet(page);
    expect(listLoads).toHaveLength(1);
    await page.unroute(list);

    // A date the page cannot read is said so, not shown as «Invalid Date».
    await page.route(list, async (route) => {
      const answer = await route.fetch();
      const body = await answer.json();
      for (const item of body.data ?? body) if (item.id === row.id) item.createdAt = 'not-a-date';
      await route.fulfill({ response: answer, json: body });
    });
    await page.reload();
    await quiet(page);
    const card = page.locator(`[data-testid="quick-message"][data-id="${row.id}"]`);
    expect(await card.getByTestId('date').innerText()).toBe('تاريخ غير صحيح');

    await page.route(`**/api/admin/quick-messages/${row.id}/reply`, (route) => route.abort('internetdisconnected'));
    await card.getByRole('button', { name: 'رد', exact: true }).click();
    await card.getByLabel('نص الرد').fill('نعم، نستلم من العيص');
    const replyFailed = page.waitForEvent('requestfailed', (request) => request.url().endsWith(`/${row.id}/reply`));
    await card.getByRole('button', { name: 'إرسال الرد' }).click();
    await replyFailed;
    await expectToastSeen(page, 'فشل في إرسال الرد: تعذّر الاتصال بالخادم');
    expect((await db.query('SELECT admin_reply FROM quick_messages WHERE id = $1', [row.id]))[0].admin_reply).toBeNull();

    // A reply WhatsApp refused: the card says why, with the failed badge.
    await db.query(
      `UPDATE quick_messages SET admin_reply = 'نعم نستلم', replied_at = now(), reply_status = 'failed', reply_error_message = 'ألغى المستلم الاشتراك' WHERE id = $1`,
      [row.id],
    );
    await page.reload();
    await quiet(page);
    expect(await card.getByTestId('reply-error').innerText()).toBe('سبب الفشل: ألغى المستلم الاشتراك');
    expect(await card.getByTestId('reply-status').innerText()).toBe('فشل إرسال الرد');

    // The delete cannot reach the server: the message stays.
    await page.route('**/api/admin/quick-messages', (route) =>
      route.request().method() === 'DELETE' ? route.abort('internetdisconnected') : route.continue(),
    );
    await card.getByRole('button', { name: 'حذف', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'حذف', exact: true }).click();
    await expectToastSeen(page, 'فشل في الحذف: تعذّر الاتصال بالخادم');
    expect(await db.query('SELECT id FROM quick_messages WHERE id = $1', [row.id])).toEqual([{ id: row.id }]);
    await page.close();
  });
});
