import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import argon2 from 'argon2';
import type { Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { screenshot, screenshotOf, VIEWPORTS } from '../support/browser';
import { ENGLISH, fitsWidth, RAW_CODES, SecurityLists } from '../support/security-lists';
import { TestApp } from '../support/test-app';

/** The security tab (open alerts, latest 10 attempts, unfreeze, links) and the paged login attempts list, in Chromium. */
describe('administrator security tab and login attempts', () => {
  let lists: SecurityLists;
  let t: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    lists = await SecurityLists.start('security-lists-attempts');
    ({ t, db } = lists);
    // 30 attempts of June 2025 (older than anything the tests do): every third succeeds, the others are
    // wrong passwords or sign-ins from Egypt.
    for (let i = 0; i < 30; i++) {
      const kind = i % 3;
      await db.query(
        `INSERT INTO login_attempts (username, success, failure_reason, ip_address, country, country_code, attempted_at)
         VALUES ($1, $2, $3, $4, $5, $6, '2025-06-01T09:00:00Z'::timestamptz + make_interval(mins => $7))`,
        [
          `ui-list-${String(i).padStart(2, '0')}`,
          kind === 0,
          kind === 0 ? null : kind === 1 ? 'geo_blocked' : 'invalid_password',
          `10.70.0.${i}`,
          kind === 1 ? 'مصر' : null,
          kind === 1 ? 'EG' : null,
          i,
        ],
      );
    }
  });
  afterEach(async () => {
    await setVerification(true);
  });
  afterAll(async () => {
    await db?.query(`DELETE FROM login_attempts WHERE username LIKE 'ui-list-%'`);
    await lists?.close();
  });

  /** Creates or resets an administrator with this password, unfrozen. */
  async function account(username: string, password: string): Promise<void> {
    await db.query(
      `INSERT INTO users (username, password, role) VALUES ($1, $2, 'admin')
       ON CONFLICT (username) DO UPDATE SET password = EXCLUDED.password`,
      [username, await argon2.hash(password)],
    );
    await db.query(`UPDATE account_security_status SET is_frozen = false, failed_attempts = 0, frozen_until = NULL WHERE username = $1`, [
      username,
    ]);
  }

  async function setVerification(on: boolean): Promise<void> {
    await db.query(`UPDATE system_settings SET value = $1 WHERE key = 'admin_verification_required'`, [String(on)]);
  }

  /** Texts of the visible rows of the current list: table rows on wide screens, cards on a phone. */
  const rowTexts = (page: Page) => page.locator('tbody tr.RaDatagrid-row, [data-testid="login-attempt-row"]').allInnerTexts();
  /** Waits for the list's page range («1–25 من 30»). */
  const rangeShows = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

  /** The security tab as it opens: the latest 10 attempts of the whole history, newest first, in Arabic, and the open alerts. */
  async function checkTab(page: Page, open: number): Promise<void> {
    await page.getByRole('tab', { name: 'الأمان' }).waitFor();
    await page.getByTestId('security-alert').first().waitFor();
    await page.getByTestId('login-attempt-row').first().waitFor();
    // Exactly the latest 10 attempts of the whole history (there are more than 30), newest first, in Arabic.
    const latest = (await db.query(`SELECT username FROM login_attempts ORDER BY attempted_at DESC, id DESC LIMIT 10`)) as Array<{
      username: string;
    }>;
    const cells = await page.getByTestId('login-attempt-row').allInnerTexts();
    expect(cells).toHaveLength(10);
    cells.forEach((cell, i) => expect(cell).toContain(latest[i].username));
    const rows = cells.join('\n');
    expect(rows).toContain('كلمة مرور خاطئة');
    expect(rows).toContain('مصر');
    expect(rows).toContain('دخول من دولة غير مسموح بها');
    expect(rows).toMatch(/\d{4}م \(\d+ [^)]+ 14\d\dهـ\)/);
    expect(rows).not.toMatch(RAW_CODES);
    // The open alerts are counted in the panel's heading; only open ones are listed, each with its action.
    const chip = await page.getByTestId('open-alerts-count').innerText();
    expect(chip).toContain('مفتوح');
    if (open > 2) expect(chip).toContain(String(open));
    const alerts = page.getByTestId('security-alert');
    expect(await alerts.count()).toBeLessThanOrEqual(5);
    expect(await alerts.getByRole('button', { name: 'تمت المعالجة' }).count()).toBe(await alerts.count());
    expect(await page.locator('main').innerText()).not.toMatch(ENGLISH);
  }

  // One history, looked at in a 1280 px tab (the tab, then the whole list as a table: paged, filtered,
  // sorted) and in a 390 px tab (the tab as cards, resolving, unfreezing, the list as cards, the links).
  it('shows the security tab (open alerts with their resolve action, the latest 10 attempts, links to the full lists) and pages, filters and sorts the whole login history, at 1280 and 390 px', async () => {
    const username = 'sec-tab';
    await account(username, 'sec-password');
    await setVerification(false);
    // Earlier files' clocks may have run ahead and written later attempts: this history must be the newest.
    const [{ newest }] = (await db.query(`SELECT max(attempted_at) AS newest FROM login_attempts`)) as Array<{ newest: Date | null }>;
    if (newest && newest.getTime() >= t.clock.now().getTime()) t.clock.set(new Date(newest.getTime() + 60_000));
    // Real history: a sign-in from Egypt (blocked, with an alert), then three wrong passwords (frozen).
    await t.http.post('/api/auth/login').set('x-forwarded-for', '197.32.0.10').send({ username, password: 'sec-password' }).expect(403);
    for (let i = 0; i < 3; i++) {
      await t.http.post('/api/auth/login').send({ username, password: `wrong-${i}` });
    }
    const [geoAlert] = (await db.query(
      `SELECT id FROM security_alerts WHERE username = $1 AND alert_type = 'geo_block' AND resolved = false ORDER BY id DESC LIMIT 1`,
      [username],
    )) as Array<{ id: number }>;
    expect(geoAlert).toBeDefined();
    const [{ open }] = (await db.query(`SELECT count(*)::int AS open FROM security_alerts WHERE NOT resolved`)) as Array<{
      open: number;
    }>;

    // 1280 px. Signed in after the freeze (as through emergency access), the administrator looks at the tab.
    const page = await lists.newPage(VIEWPORTS.desktop);
    await lists.signedIn(page, username, '/admin/main');
    await checkTab(page, open);
    await screenshot(page, 'admin-settings-security-1280');
    // The links lead to the full lists.
    expect(await page.getByRole('link', { name: 'عرض كل المحاولات' }).getAttribute('href')).toBe('/admin/login-attempts');
    expect(await page.getByRole('link', { name: 'عرض كل التنبيهات' }).getAttribute('href')).toBe('/admin/security-alerts');
    await page.getByRole('link', { name: 'عرض كل المحاولات' }).click();
    await page.waitForURL('**/admin/login-attempts');
    await page.getByRole('heading', { level: 1, name: 'سجل محاولات تسجيل الدخول' }).waitFor();
    // 25 to a page, newest first, of the whole history.
    await page.locator('tbody tr.RaDatagrid-row').nth(24).waitFor();
    expect(await page.locator('tbody tr.RaDatagrid-row').count()).toBe(25);

    // Only the seeded accounts: 30 attempts on two pages.
    await page.getByRole('textbox', { name: 'بحث باسم المستخدم أو عنوان الشبكة' }).fill('ui-list-');
    await rangeShows(page, '1–25 من 30');
    let texts = await rowTexts(page);
    expect(texts).toHaveLength(25);
    expect(texts[0]).toContain('ui-list-29');
    expect(texts.join('\n')).toContain('دخول من دولة غير مسموح بها');
    expect(texts.join('\n')).not.toMatch(RAW_CODES);
    await screenshot(page, 'admin-login-attempts-1280');
    await page.getByRole('button', { name: 'الانتقال إلى الصفحة التالية' }).click();
    await rangeShows(page, '26–30 من 30');
    await page.locator('tbody tr.RaDatagrid-row').first().filter({ hasText: 'ui-list-04' }).waitFor();
    texts = await rowTexts(page);
    expect(texts.map((r) => r.match(/ui-list-\d\d/)?.[0])).toEqual(['ui-list-04', 'ui-list-03', 'ui-list-02', 'ui-list-01', 'ui-list-00']);

    // Failed ones only, then only those from a country that is not allowed.
    await page.getByRole('button', { name: 'فاشلة', exact: true }).click();
    await rangeShows(page, '1–20 من 20');
    expect((await rowTexts(page)).every((r) => r.includes('فاشلة'))).toBe(true);
    await page.getByLabel('سبب الفشل').click();
    await page.getByRole('option', { name: 'دخول من دولة غير مسموح بها' }).click();
    await rangeShows(page, '1–10 من 10');
    expect((await rowTexts(page)).every((r) => r.includes('مصر') && r.includes('دخول من دولة غير مسموح بها'))).toBe(true);

    // By username, A to Z.
    await page.locator('thead').getByRole('button', { name: 'اسم المستخدم' }).click();
    await page.waitForFunction(() => document.querySelector('tbody tr.RaDatagrid-row')?.textContent?.includes('ui-list-01'));
    texts = await rowTexts(page);
    expect(texts.map((r) => r.match(/ui-list-\d\d/)?.[0])).toEqual([...texts.map((r) => r.match(/ui-list-\d\d/)?.[0])].sort());
    expect(await page.locator('main').innerText()).not.toMatch(ENGLISH);
    await screenshot(page, 'admin-login-attempts-filtered-1280');
    await page.close();

    // 390 px: every attempt is a card with each value under its label, not one column in a scroll box.
    const phone = await lists.newPage(VIEWPORTS.phone);
    await lists.signedIn(phone, username, '/admin/main');
    await checkTab(phone, open);
    const card = phone.getByTestId('login-attempt-row').filter({ hasText: 'مصر' }).first();
    expect(await card.evaluate((el) => el.tagName)).toBe('LI');
    expect(await card.innerText()).toContain('197.32.0.10');
    expect(await fitsWidth(phone)).toBe(true);
    await screenshotOf(card, 'admin-login-attempt-card-390');
    await screenshot(phone, 'admin-settings-security-390');

    // Resolving the geo alert takes it off the open alerts.
    const geo = phone.getByTestId('security-alert').filter({ hasText: 'مصر' });
    await geo.first().getByRole('button', { name: 'تمت المعالجة' }).click();
    await phone.getByText('تم تحديد التنبيه كمعالَج').waitFor();
    await geo.first().waitFor({ state: 'detached' });
    const [resolved] = (await db.query(`SELECT resolved, resolved_by FROM security_alerts WHERE id = $1`, [geoAlert.id])) as Array<{
      resolved: boolean;
      resolved_by: string;
    }>;
    expect(resolved).toEqual({ resolved: true, resolved_by: username });

    // Unfreeze after a confirmation.
    await phone.getByTestId('account-state').getByText('مجمّد حتى').waitFor();
    await phone.getByRole('button', { name: 'إلغاء التجميد' }).click();
    await phone.getByRole('dialog').getByRole('button', { name: 'إلغاء التجميد' }).click();
    await phone.getByTestId('account-state').getByText('نشط').waitFor();
    const [status] = (await db.query(`SELECT is_frozen FROM account_security_status WHERE username = $1`, [username])) as Array<{
      is_frozen: boolean;
    }>;
    expect(status.is_frozen).toBe(false);
    await phone.getByRole('dialog').waitFor({ state: 'detached' });

    // The links lead to the full lists: the alerts, and the login history as cards, paged.
    await phone.getByRole('link', { name: 'عرض كل التنبيهات' }).click();
    await phone.waitForURL('**/admin/security-alerts');
    await phone.getByRole('heading', { level: 1, name: 'التنبيهات الأمنية' }).waitFor();
    await phone.goBack();
    await phone.getByRole('link', { name: 'عرض كل المحاولات' }).click();
    await phone.waitForURL('**/admin/login-attempts');
    await phone.getByRole('heading', { level: 1, name: 'سجل محاولات تسجيل الدخول' }).waitFor();
    await phone.getByRole('textbox', { name: 'بحث باسم المستخدم أو عنوان الشبكة' }).fill('ui-list-');
    await rangeShows(phone, '1–25 من 30');
    const cards = phone.getByTestId('login-attempt-row');
    expect(await cards.count()).toBe(25);
    expect(await cards.first().evaluate((el) => el.tagName)).toBe('LI');
    expect(await cards.first().innerText()).toContain('ui-list-29');
    expect(await fitsWidth(phone)).toBe(true);
    await screenshot(phone, 'admin-login-attempts-390');
    await phone.getByRole('button', { name: 'الانتقال إلى الصفحة التالية' }).click();
    await rangeShows(phone, '26–30 من 30');
    await cards.first().filter({ hasText: 'ui-list-04' }).waitFor();
    expect(await cards.count()).toBe(5);
    expect(await phone.locator('main').innerText()).not.toMatch(ENGLISH);
    await phone.close();
  });
});
