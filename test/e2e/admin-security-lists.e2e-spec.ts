import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import argon2 from 'argon2';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { ConsoleWhatsAppDriver } from '../../src/modules/messaging/providers/console-whatsapp.driver';
import { WHATSAPP_PROVIDER } from '../../src/modules/messaging/providers/whatsapp-provider';
import { signInAdmin } from '../support/admin-session';
import { launchChromium, screenshot, screenshotOf, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/** Raw values the screens must never show: each has an Arabic label. */
const RAW_CODES = /invalid_password|invalid_username|geo_blocked|geo_block\b|account_frozen|failed_login|invalid_verification_code/;
/** react-admin's own English, which would mean a missing translation. */
const ENGLISH = /Rows per page|No results|Go to|Sort by|Search|ra\.\w+|app\.\w+/;

/**
 * The security tab and its three full lists in Chromium against the real server: the latest 10
 * login attempts and the whole paged history, the open alerts and the alerts list with its resolve
 * action, the emergency codes panel and page with creation (the code shown in full once), and
 * emergency access with a code.
 */
describe('administrator security tab and lists', () => {
  let t: TestApp;
  let db: DataSource;
  let driver: ConsoleWhatsAppDriver;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      env: {
        REDIS_PREFIX: `${testState().redisPrefix}:security-lists`,
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        RATE_LIMIT_LOGIN_PER_USERNAME: '1000',
        RATE_LIMIT_CODES_PER_ACCOUNT: '1000',
        TRUST_PROXY: 'true',
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    driver = t.app.get<ConsoleWhatsAppDriver>(WHATSAPP_PROVIDER);
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
    browser = await launchChromium();
  });
  afterEach(async () => {
    await setVerification(true);
  });
  afterAll(async () => {
    await db?.query(`DELETE FROM login_attempts WHERE username LIKE 'ui-list-%'`);
    await browser?.close();
    await t?.close();
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

  const seenIds = () => new Set(driver.recent().map((m) => m.id));

  async function newPage(viewport: { width: number; height: number }): Promise<Page> {
    return browser.newPage({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
  }

  /** Opens `path` holding a real session of `username`, as the admin app stores it after login. */
  async function signedIn(page: Page, username: string, path: string): Promise<string> {
    const { token } = await signInAdmin(t.app, username);
    await page.goto(base + '/admin/login', { waitUntil: 'networkidle' });
    await page.evaluate(
      ([value, user, expiry]) => {
        localStorage.setItem('adminToken', value);
        localStorage.setItem('adminUser', JSON.stringify({ username: user, role: 'admin' }));
        localStorage.setItem('tokenExpiry', expiry);
      },
      [token, username, new Date(Date.now() + 3_600_000).toISOString()],
    );
    await page.goto(base + path, { waitUntil: 'networkidle' });
    return token;
  }

  const verifyToken = (token: string | null) => t.http.get('/api/auth/verify').set('authorization', `Bearer ${token ?? ''}`);
  const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  /** Texts of the visible rows of the current list: table rows on wide screens, cards on a phone. */
  const rowTexts = (page: Page) => page.locator('tbody tr.RaDatagrid-row, [data-testid="login-attempt-row"]').allInnerTexts();
  /** Waits for the list's page range («1–25 من 30»). */
  const rangeShows = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows the security tab: open alerts with their resolve action, the latest 10 attempts, links to the full lists (${size})`, async () => {
      const username = `sec-${size}`;
      await account(username, 'sec-password');
      await setVerification(false);
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

      // Signed in after the freeze (as through emergency access), the administrator looks at the tab.
      const page = await newPage(viewport);
      await signedIn(page, username, '/admin/main');
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
      if (viewport.width < 600) {
        // On a phone every attempt is a card with each value under its label, not one column in a scroll box.
        const card = page.getByTestId('login-attempt-row').filter({ hasText: 'مصر' }).first();
        expect(await card.evaluate((el) => el.tagName)).toBe('LI');
        expect(await card.innerText()).toContain('197.32.0.10');
        expect(await fitsWidth(page)).toBe(true);
        await screenshotOf(card, 'admin-login-attempt-card-390');
      }
      expect(await page.locator('main').innerText()).not.toMatch(ENGLISH);
      await screenshot(page, `admin-settings-security-${viewport.width}`);

      // Resolving the geo alert takes it off the open alerts.
      const geo = page.getByTestId('security-alert').filter({ hasText: 'مصر' });
      await geo.first().getByRole('button', { name: 'تمت المعالجة' }).click();
      await page.getByText('تم تحديد التنبيه كمعالَج').waitFor();
      await geo.first().waitFor({ state: 'detached' });
      const [resolved] = (await db.query(`SELECT resolved, resolved_by FROM security_alerts WHERE id = $1`, [geoAlert.id])) as Array<{
        resolved: boolean;
        resolved_by: string;
      }>;
      expect(resolved).toEqual({ resolved: true, resolved_by: username });

      // Unfreeze after a confirmation.
      await page.getByTestId('account-state').getByText('مجمّد حتى').waitFor();
      await page.getByRole('button', { name: 'إلغاء التجميد' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'إلغاء التجميد' }).click();
      await page.getByTestId('account-state').getByText('نشط').waitFor();
      const [status] = (await db.query(`SELECT is_frozen FROM account_security_status WHERE username = $1`, [username])) as Array<{
        is_frozen: boolean;
      }>;
      expect(status.is_frozen).toBe(false);
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // The links lead to the full lists.
      expect(await page.getByRole('link', { name: 'عرض كل المحاولات' }).getAttribute('href')).toBe('/admin/login-attempts');
      expect(await page.getByRole('link', { name: 'عرض كل التنبيهات' }).getAttribute('href')).toBe('/admin/security-alerts');
      await page.getByRole('link', { name: 'عرض كل المحاولات' }).click();
      await page.waitForURL('**/admin/login-attempts');
      await page.getByRole('heading', { level: 1, name: 'سجل محاولات تسجيل الدخول' }).waitFor();
      await page.goBack();
      await page.getByRole('link', { name: 'عرض كل التنبيهات' }).click();
      await page.waitForURL('**/admin/security-alerts');
      await page.getByRole('heading', { level: 1, name: 'التنبيهات الأمنية' }).waitFor();
      await page.close();
    });
  }

  it('pages through the whole login history, filters it and sorts it (1280)', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await signedIn(page, 'lists-viewer', '/admin/login-attempts');
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
  });

  it('shows the login history as cards on a phone, paged (390)', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await signedIn(page, 'lists-viewer', '/admin/login-attempts');
    await page.getByRole('textbox', { name: 'بحث باسم المستخدم أو عنوان الشبكة' }).fill('ui-list-');
    await rangeShows(page, '1–25 من 30');
    const cards = page.getByTestId('login-attempt-row');
    expect(await cards.count()).toBe(25);
    expect(await cards.first().evaluate((el) => el.tagName)).toBe('LI');
    expect(await cards.first().innerText()).toContain('ui-list-29');
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'admin-login-attempts-390');
    await page.getByRole('button', { name: 'الانتقال إلى الصفحة التالية' }).click();
    await rangeShows(page, '26–30 من 30');
    await cards.first().filter({ hasText: 'ui-list-04' }).waitFor();
    expect(await cards.count()).toBe(5);
    expect(await page.locator('main').innerText()).not.toMatch(ENGLISH);
    await page.close();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`opens the alerts list on the open alerts, resolves one there and finds it among the resolved (${size})`, async () => {
      const username = `ui-alerts-${size}`;
      for (const [i, [type, severity]] of [
        ['geo_block', 'high'],
        ['failed_login', 'medium'],
        ['code_attempts', 'low'],
      ].entries()) {
        await db.query(
          `INSERT INTO security_alerts (alert_type, severity, username, ip_address, description, created_at)
           VALUES ($1, $2, $3, '10.80.0.1', $4, now() - make_interval(secs => $5))`,
          [type, severity, username, `تنبيه القائمة ${size} رقم ${i + 1}`, i],
        );
      }
      const page = await newPage(viewport);
      await signedIn(page, 'lists-viewer', '/admin/security-alerts');
      await page.getByRole('heading', { level: 1, name: 'التنبيهات الأمنية' }).waitFor();
      // It opens on the open alerts: the work still to do.
      expect(await page.getByRole('button', { name: 'مفتوحة', exact: true }).getAttribute('aria-pressed')).toBe('true');
      const mine = page.getByTestId('security-alert').filter({ hasText: `تنبيه القائمة ${size}` });
      await mine.nth(2).waitFor();
      const first = page.getByTestId('security-alert').filter({ hasText: `تنبيه القائمة ${size} رقم 1` });
      await first.getByText('دخول محظور جغرافيًا').waitFor();
      await first.getByText('الخطورة: عالية').waitFor();
      if (viewport.width < 600) expect(await fitsWidth(page)).toBe(true);
      expect(await page.locator('main').innerText()).not.toMatch(RAW_CODES);
      expect(await page.locator('main').innerText()).not.toMatch(ENGLISH);
      await screenshot(page, `admin-security-alerts-${viewport.width}`);

      await first.getByRole('button', { name: 'تمت المعالجة' }).click();
      await page.getByText('تم تحديد التنبيه كمعالَج').waitFor();
      await first.waitFor({ state: 'detached' });
      expect(await mine.count()).toBe(2);
      const [row] = (await db.query(`SELECT resolved, resolved_by FROM security_alerts WHERE username = $1 AND alert_type = 'geo_block'`, [
        username,
      ])) as Array<{ resolved: boolean; resolved_by: string }>;
      expect(row).toEqual({ resolved: true, resolved_by: 'lists-viewer' });

      // Among the resolved: who resolved it, and no resolve button.
      await page.getByRole('button', { name: 'معالَجة', exact: true }).click();
      await first.getByText(/عولج .* بواسطة/).waitFor();
      await first.getByText('lists-viewer').waitFor();
      expect(await first.getByRole('button', { name: 'تمت المعالجة' }).count()).toBe(0);
      // All of them, most serious first.
      await page.getByRole('button', { name: 'الكل', exact: true }).click();
      await mine.nth(2).waitFor();
      await first.waitFor();
      await page.getByLabel('الترتيب', { exact: true }).click();
      await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/security/alerts') && decodeURIComponent(r.url()).includes('"severity","DESC"')),
        page.getByRole('option', { name: 'الأخطر أولًا' }).click(),
      ]);
      await page.getByTestId('security-alert').first().getByText('الخطورة: عالية').waitFor();
      await screenshot(page, `admin-security-alerts-all-${viewport.width}`);
      await page.close();
      await db.query(`DELETE FROM security_alerts WHERE username = $1`, [username]);
    });
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`lists emergency codes in the settings panel and on their page, and creates one shown in full once (${size})`, async () => {
      const owner = await signInAdmin(t.app, `codes-panel-${size}`);
      const auth = { authorization: `Bearer ${owner.token}` };
      const year = new Date().getFullYear();
      // Six codes: the panel shows five and pages to the sixth; the oldest is stopped. The last two
      // characters (what the mask shows) differ between the two viewports' runs.
      const codes = Array.from({ length: 6 }, (_, i) => `YNB-${year}-L${i}00${size === 'phone' ? 'P' : 'D'}${i}`);
      const ids: number[] = [];
      for (const masterCode of codes) {
        const res = await t.http
          .post('/api/admin/emergency-access-codes')
          .set(auth)
          .send({ masterCode, securityQuestion: `سؤال القائمة ${size}`, securityAnswer: 'جواب' })
          .expect(201);
        ids.push(res.body.id as number);
      }
      await t.http.patch(`/api/admin/emergency-access-codes/${ids[0]}`).set(auth).send({ isActive: false }).expect(200);
      const masked = (code: string) => `${code.slice(0, 9)}****${code.slice(-2)}`;

      const page = await newPage(viewport);
      await signedIn(page, `codes-panel-${size}`, '/admin/main');
      const panel = page.locator('section[aria-labelledby="emergency-codes-title"]');
      const rows = panel.getByTestId('emergency-code-row');
      await rows.first().waitFor();
      expect(await rows.count()).toBe(5);
      expect(await rows.first().innerText()).toContain(masked(codes[5]));
      await panel.getByRole('button', { name: 'الانتقال إلى الصفحة التالية' }).click();
      await rows.filter({ hasText: masked(codes[0]) }).waitFor();
      await panel.getByRole('button', { name: 'الانتقال إلى الصفحة السابقة' }).click();
      await rows.filter({ hasText: masked(codes[5]) }).waitFor();

      // A new code is generated, shown in full once, stored hashed, listed masked.
      await panel.getByRole('button', { name: 'إنشاء رمز جديد' }).click();
      const dialog = page.getByRole('dialog');
      const generated = await dialog.getByLabel('رمز الطوارئ').inputValue();
      expect(generated).toMatch(/^YNB-\d{4}-[A-Z0-9]{6}$/);
      await dialog.getByRole('button', { name: 'توليد رمز' }).click();
      const regenerated = await dialog.getByLabel('رمز الطوارئ').inputValue();
      expect(regenerated).toMatch(/^YNB-\d{4}-[A-Z0-9]{6}$/);
      expect(regenerated).not.toBe(generated);
      await dialog.getByRole('button', { name: 'إنشاء الرمز' }).click();
      await dialog.getByText('يرجى إدخال سؤال الأمان').waitFor();
      await dialog.getByText('يرجى إدخال إجابة سؤال الأمان').waitFor();
      await dialog.locator('input[name="securityQuestion"]').fill('ما اسم أول مدرسة؟');
      await dialog.locator('input[name="securityAnswer"]').fill('الفيصلية');
      await screenshot(page, `admin-emergency-code-create-${viewport.width}`);
      await dialog.getByRole('button', { name: 'إنشاء الرمز' }).click();
      await page.getByTestId('full-emergency-code').getByText(regenerated).waitFor();
      await screenshot(page, `admin-emergency-code-shown-${viewport.width}`);
      await page.getByRole('button', { name: 'حفظت الرمز' }).click();
      await rows
        .first()
        .filter({ hasText: masked(regenerated) })
        .waitFor();
      expect(await page.locator('body').innerText()).not.toContain(regenerated);
      const stored = (await db.query(`SELECT master_code, security_answer FROM emergency_access_codes`)) as Array<Record<string, string>>;
      expect(JSON.stringify(stored)).not.toContain(regenerated);
      expect(JSON.stringify(stored)).not.toContain('الفيصلية');
      const question = await t.http.post('/api/auth/emergency-question').send({ masterCode: regenerated }).expect(200);
      expect(question.body).toEqual({ isActive: true, securityQuestion: 'ما اسم أول مدرسة؟' });
      if (viewport.width < 600) expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `admin-settings-emergency-codes-${viewport.width}`);

      // The full page: every code, and the stopped ones on their own.
      await panel.getByRole('link', { name: 'عرض كل الرموز' }).click();
      await page.waitForURL('**/admin/emergency-codes');
      await page.getByRole('heading', { level: 1, name: 'رموز الدخول الطارئ' }).waitFor();
      const all = page.getByTestId('emergency-code-row');
      await all.filter({ hasText: masked(regenerated) }).waitFor();
      expect(await all.count()).toBeGreaterThanOrEqual(7);
      await page.getByRole('button', { name: 'الموقوفة', exact: true }).click();
      await all.filter({ hasText: masked(codes[5]) }).waitFor({ state: 'detached' });
      await all.filter({ hasText: masked(codes[0]) }).waitFor();
      const stopped = await all.allInnerTexts();
      expect(stopped.every((r) => r.includes('موقوف'))).toBe(true);
      expect(await page.locator('main').innerText()).not.toMatch(ENGLISH);
      if (viewport.width < 600) expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `admin-emergency-codes-${viewport.width}`);
      await page.close();
    });
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`opens a one-hour session through emergency access and alerts the administrators (${size})`, async () => {
      const owner = await signInAdmin(t.app, 'codes-owner');
      const auth = { authorization: `Bearer ${owner.token}` };
      const year = new Date().getFullYear();
      const active = `YNB-${year}-E${size === 'phone' ? 'P' : 'D'}1234`;
      const inactive = `YNB-${year}-X${size === 'phone' ? 'P' : 'D'}9876`;
      const ids: number[] = [];
      for (const masterCode of [active, inactive]) {
        const created = await t.http
          .post('/api/admin/emergency-access-codes')
          .set(auth)
          .send({ masterCode, securityQuestion: 'ما اسم أول مدرسة درست فيها؟', securityAnswer: 'الفيصلية' })
          .expect(201);
        ids.push(created.body.id as number);
      }
      await t.http.patch(`/api/admin/emergency-access-codes/${ids[1]}`).set(auth).send({ isActive: false }).expect(200);

      const seen = seenIds();
      const page = await newPage(viewport);
      await page.goto(base + '/admin/login', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'الدخول الطارئ' }).click();
      await page.getByRole('button', { name: 'متابعة' }).click();
      await page.getByText('يرجى إدخال رمز الطوارئ').waitFor();

      // An inactive code never reaches the question step.
      await page.getByLabel('رمز الطوارئ').fill(inactive.toLowerCase());
      await page.getByRole('button', { name: 'متابعة' }).click();
      await page.getByText('رمز الطوارئ غير مفعّل حاليًا').waitFor();
      expect(await page.getByLabel('إجابة سؤال الأمان').count()).toBe(0);
      await screenshot(page, `admin-emergency-code-${viewport.width}`);

      await page.getByLabel('رمز الطوارئ').fill(active);
      await page.getByRole('button', { name: 'متابعة' }).click();
      await page.getByText('ما اسم أول مدرسة درست فيها؟').waitFor();

      // Back returns to the code step, with the code kept.
      await page.getByRole('button', { name: 'الرجوع إلى رمز الطوارئ' }).click();
      expect(await page.getByLabel('رمز الطوارئ').inputValue()).toBe(active);
      await page.getByRole('button', { name: 'متابعة' }).click();

      await page.getByLabel('إجابة سؤال الأمان').fill('خطأ');
      await page.getByRole('button', { name: 'الدخول', exact: true }).click();
      await page.getByText('رمز الطوارئ أو إجابة سؤال الأمان غير صحيحة').waitFor();
      await screenshot(page, `admin-emergency-question-${viewport.width}`);

      // The answer is compared after trimming and case folding.
      await page.getByLabel('إجابة سؤال الأمان').fill('  الفيصلية ');
      await page.getByRole('button', { name: 'الدخول', exact: true }).click();
      await page.waitForURL('**/admin/dashboard');
      const token = await page.evaluate(() => localStorage.getItem('adminToken'));
      const verify = await verifyToken(token).expect(200);
      // One hour on the server's clock (the test's clock stands still).
      expect(Date.parse(verify.body.expiresAt as string) - t.clock.now().getTime()).toBe(60 * 60_000);

      // Every administrator hears about it on WhatsApp, and the code's use is recorded.
      for (let i = 0; i < 100 && !driver.recent().some((m) => !seen.has(m.id) && m.templateKey === 'securityAlert'); i++) {
        await page.waitForTimeout(100);
      }
      expect(driver.recent().some((m) => !seen.has(m.id) && m.templateKey === 'securityAlert')).toBe(true);
      const [used] = (await db.query(`SELECT usage_count FROM emergency_access_codes WHERE id = $1`, [ids[0]])) as Array<{
        usage_count: number;
      }>;
      expect(used.usage_count).toBe(1);
      await page.close();
    });
  }
});
