import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import argon2 from 'argon2';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { ConsoleWhatsAppDriver } from '../../src/modules/messaging/providers/console-whatsapp.driver';
import { WHATSAPP_PROVIDER } from '../../src/modules/messaging/providers/whatsapp-provider';
import { resetAdmin, setLoginVerification } from '../support/admin-accounts';
import { signInAdmin } from '../support/admin-session';
import { launchChromium, screenshot, signedInPage, VIEWPORTS, quiet } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/**
 * The administrator security screens in Chromium against the real server: the admin app, the API,
 * PostgreSQL, Redis, the outbox, the in-process worker and the console WhatsApp driver. Codes are
 * read from what the driver "sent"; every outcome is checked in the database as well as on screen.
 * The security tab and its lists are in admin-security-tab-attempts and admin-security-alerts-codes,
 * a session the server ended in admin-session-end.
 */
describe('administrator security screens', () => {
  let t: TestApp;
  let db: DataSource;
  let driver: ConsoleWhatsAppDriver;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      env: {
        // Its own Redis key space, and room for the many sign-ins of this file within a minute.
        REDIS_PREFIX: `${testState().redisPrefix}:security-ui`,
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
    browser = await launchChromium();
  });
  afterEach(async () => {
    // Other files share the database: leave the site open and the code step on.
    await db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'site_blocked'`);
    await setVerification(true);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const account = (username: string, password: string) => resetAdmin(db, username, password);
  const setVerification = (on: boolean) => setLoginVerification(db, on);

  async function setting(key: string): Promise<string | null> {
    const [row] = (await db.query(`SELECT value FROM system_settings WHERE key = $1`, [key])) as Array<{ value: string | null }>;
    return row?.value ?? null;
  }

  /** The reason the last site-block change recorded in the activity log. */
  async function loggedReason(): Promise<unknown> {
    const [row] = (await db.query(
      `SELECT metadata FROM activity_logs WHERE action IN ('site_blocked', 'site_unblocked') ORDER BY id DESC LIMIT 1`,
    )) as Array<{ metadata: { reason?: string } }>;
    return row?.metadata?.reason;
  }

  const seenIds = () => new Set(driver.recent().map((m) => m.id));

  /** The 6-digit code of the first verificationCode message the driver sent after `seen`. */
  async function codeSentAfter(seen: Set<string>): Promise<string> {
    for (let i = 0; i < 150; i++) {
      const message = driver.recent().find((m) => !seen.has(m.id) && m.templateKey === 'verificationCode');
      const code = message?.text.match(/\b\d{6}\b/)?.[0];
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no verification code was sent');
  }

  /** A code that is certainly wrong: the right one with its last digit changed. */
  const wrongCode = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

  async function newPage(viewport: { width: number; height: number }): Promise<Page> {
    return browser.newPage({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
  }

  /** A page at `path` holding a real session of `username` (as the admin app stores it after login), and its token. */
  async function signedIn(viewport: { width: number; height: number }, username: string, path: string): Promise<[Page, string]> {
    const { token } = await signInAdmin(t.app, username);
    return [await signedInPage(browser, base, { token, username }, viewport, path), token];
  }

  const verifyToken = (token: string | null) => t.http.get('/api/auth/verify').set('authorization', `Bearer ${token ?? ''}`);

  /** Two frames drawn: what a resize changed (media queries and the renders they cause) is on screen. */
  const framesDrawn = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

  /** A screenshot of a screen outside the admin's layout (login, password reset) at the other width too (resized, then back). */
  async function bothWidths(page: Page, name: string): Promise<void> {
    const own = page.viewportSize()!;
    const other = own.width === VIEWPORTS.phone.width ? VIEWPORTS.desktop : VIEWPORTS.phone;
    await page.setViewportSize(other);
    await framesDrawn(page);
    await screenshot(page, `${name}-${other.width}`);
    await page.setViewportSize(own);
    await framesDrawn(page);
    await screenshot(page, `${name}-${own.width}`);
  }

  // At 390 px; the code step is pictured at 1280 px too (a desktop sign-in with the code is admin-login-real's).
  {
    const [size, viewport] = ['phone', VIEWPORTS.phone] as const;
    it(`signs in with the WhatsApp code step (${size}; the code step at both widths)`, async () => {
      const username = `login-${size}`;
      await account(username, 'correct-horse');
      await setVerification(true);
      const page = await newPage(viewport);
      await page.goto(base + '/admin/login');
      await quiet(page);

      // Both fields are required, in Arabic, before anything is sent.
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await page.getByText('يرجى إدخال اسم المستخدم').waitFor();
      await page.getByText('يرجى إدخال كلمة المرور').waitFor();

      // A wrong password shows the server's Arabic message and is recorded.
      await page.locator('input[name="username"]').fill(username.toUpperCase());
      await page.locator('input[name="password"]').fill('wrong-horse');
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await page.getByText('اسم المستخدم أو كلمة المرور غير صحيحة').first().waitFor();
      const [failed] = (await db.query(`SELECT failure_reason FROM login_attempts WHERE username = $1 ORDER BY id DESC LIMIT 1`, [
        username,
      ])) as Array<{ failure_reason: string }>;
      expect(failed.failure_reason).toBe('invalid_password');

      const seen = seenIds();
      await page.locator('input[name="password"]').fill('correct-horse');
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await page.getByText('تم إرسال رمز التحقق إلى أرقام واتساب المشرفين').first().waitFor();
      const code = await codeSentAfter(seen);

      // Digits only, Arabic-Indic digits converted, at most 6; the button waits for exactly 6.
      const field = page.getByLabel('رمز التحقق');
      const submit = page.getByRole('button', { name: 'تأكيد الدخول' });
      await field.fill('١٢٣ab٤٥');
      expect(await field.inputValue()).toBe('12345');
      expect(await submit.isDisabled()).toBe(true);
      await field.fill(wrongCode(code) + '9');
      expect(await field.inputValue()).toBe(wrongCode(code));
      expect(await submit.isEnabled()).toBe(true);
      await bothWidths(page, 'admin-login-code-step');
      await submit.click();
      await page.getByText('رمز التحقق غير صحيح أو منتهي الصلاحية').first().waitFor();
      expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

      // The right code, typed in Arabic-Indic digits.
      await field.fill(code.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]));
      await submit.click();
      await page.waitForURL('**/admin/dashboard');
      await page.getByText(`مرحبًا، ${username}`).waitFor();
      const [token, user, expiry] = await page.evaluate(() => [
        localStorage.getItem('adminToken'),
        localStorage.getItem('adminUser'),
        localStorage.getItem('tokenExpiry'),
      ]);
      // The stored user carries the role, shown as a chip beside the greeting.
      expect(JSON.parse(user ?? '{}')).toMatchObject({ username, role: 'admin' });
      await page.getByText('مشرف', { exact: true }).first().waitFor();
      expect(Date.parse(expiry ?? '')).toBeGreaterThan(Date.now());
      const verify = await verifyToken(token).expect(200);
      expect(verify.body.user.username).toBe(username);

      // Logging out ends the session on the server too.
      await page.getByRole('button', { name: 'تسجيل الخروج' }).first().click();
      await page.waitForURL('**/admin/login');
      await verifyToken(token).expect(401);
      await page.close();
    });
  }

  // The freezing rule itself (exactly three, the fourth refused with the right password, thawed after 30
  // minutes, then signed in directly) is security-login.int-spec's; a direct sign-in in the browser is
  // admin-session-end's. Here: what the login page shows while the account is frozen.
  it('shows the freeze on the login page: the right password refused, «try again in 30 minutes», no session', async () => {
    const username = 'freeze-ui';
    await account(username, 'right-password');
    await setVerification(false);
    for (let i = 0; i < 3; i++)
      await t.http
        .post('/api/auth/login')
        .send({ username, password: `wrong-${i}` })
        .expect(401);
    const page = await newPage(VIEWPORTS.desktop);
    await page.goto(base + '/admin/login');
    await quiet(page);
    await page.locator('input[name="username"]').fill(username);
    // The right password, refused while frozen.
    await page.locator('input[name="password"]').fill('right-password');
    const [fourth] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/auth/login')),
      page.getByRole('button', { name: 'تسجيل الدخول' }).click(),
    ]);
    expect(fourth.status()).toBe(401);
    expect(((await fourth.json()) as { code: string }).code).toBe('ACCOUNT_FROZEN');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).waitFor();
    await page.getByText('يرجى المحاولة بعد 30 دقيقة').first().waitFor();
    await screenshot(page, 'admin-login-frozen-1280');
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();
    const [status] = (await db.query(`SELECT is_frozen FROM account_security_status WHERE username = $1`, [username])) as Array<{
      is_frozen: boolean;
    }>;
    expect(status.is_frozen).toBe(true);
    await page.close();
  });

  // At 390 px, each step pictured at 1280 px too. That an unknown username gets no code is
  // security-access.int-spec's («Only the real user's request produced a code»).
  {
    const [size, viewport] = ['phone', VIEWPORTS.phone] as const;
    it(`resets the password in two steps and returns to login after 2 seconds; an unknown username gets the same answer (${size}; both widths pictured)`, async () => {
      const username = `reset-${size}`;
      await account(username, 'old-password');
      const page = await newPage(viewport);
      await page.goto(base + '/admin/login');
      await quiet(page);
      await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
      await page.waitForURL('**/admin/password-reset');
      await page.getByText('سيُرسل رمز تحقق عبر واتساب إلى جميع أرقام المشرفين').waitFor();
      expect(await page.locator('body').innerText()).not.toContain('مؤقتة');
      await bothWidths(page, 'admin-password-reset');

      await page.getByLabel('اسم المستخدم').fill('   ');
      await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
      await page.getByText('يرجى إدخال اسم المستخدم').waitFor();

      // An unknown username is answered exactly as a known one, and the code step is shown as for a real account.
      await page.getByLabel('اسم المستخدم').fill('nobody-here');
      await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
      await page.getByText('إذا كان اسم المستخدم مسجلاً فقد أُرسل رمز التحقق').first().waitFor();
      await page.getByRole('button', { name: 'تعيين كلمة المرور' }).waitFor();
      // The link back to the login page, and from there the way in again.
      await page.getByRole('link', { name: 'العودة إلى تسجيل الدخول' }).click();
      await page.waitForURL('**/admin/login');
      await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
      await page.waitForURL('**/admin/password-reset');

      const seen = seenIds();
      await page.getByLabel('اسم المستخدم').fill(` ${username} `);
      await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
      await page.getByText('إذا كان اسم المستخدم مسجلاً فقد أُرسل رمز التحقق').first().waitFor();
      await codeSentAfter(seen);
      // «رجوع» returns to the first step with the name; sending again sends a new code, the one used below.
      await page.getByRole('button', { name: 'رجوع' }).click();
      expect((await page.getByLabel('اسم المستخدم').inputValue()).trim()).toBe(username);
      const seenAgain = seenIds();
      await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
      const code = await codeSentAfter(seenAgain);

      const submit = page.getByRole('button', { name: 'تعيين كلمة المرور' });
      await submit.click();
      await page.getByText('يرجى إدخال رمز التحقق').waitFor();
      await page.getByText('كلمة المرور يجب أن تكون 6 أحرف على الأقل').waitFor();
      await page.getByLabel('رمز التحقق').fill(wrongCode(code) + '9');
      expect(await page.getByLabel('رمز التحقق').inputValue()).toBe(wrongCode(code));
      await page.locator('input[name="newPassword"]').fill('fresh-secret');
      await page.locator('input[name="confirmPassword"]').fill('fresh-secreT');
      await submit.click();
      await page.getByText('كلمة المرور وتأكيدها غير متطابقتان').waitFor();
      await page.locator('input[name="confirmPassword"]').fill('fresh-secret');
      await bothWidths(page, 'admin-password-reset-confirm');

      // A wrong code is refused by the server and changes nothing.
      await submit.click();
      await page.getByRole('alert').getByText('فشل في تأكيد إعادة ضبط كلمة المرور: رمز التحقق غير صحيح أو منتهي الصلاحية').waitFor();

      await page.getByLabel('رمز التحقق').fill(code);
      await submit.click();
      await page.getByText('نجح إعادة الضبط').waitFor();
      const shownAt = Date.now();
      await bothWidths(page, 'admin-password-reset-done');
      await page.waitForURL('**/admin/login', { timeout: 5000 });
      const waited = Date.now() - shownAt;
      expect(waited).toBeGreaterThanOrEqual(1500);
      expect(waited).toBeLessThan(4000);

      const [user] = (await db.query(`SELECT password FROM users WHERE username = $1`, [username])) as Array<{ password: string }>;
      expect(await argon2.verify(user.password, 'fresh-secret')).toBe(true);
      await page.close();
    });
  }

  // The site block and the password change in a 1280 px tab, the verification switch in a 390 px tab of
  // the same session (each card pictured at both widths).
  {
    const [size, viewport] = ['desktop', VIEWPORTS.desktop] as const;
    it(`toggles the site block and login verification, and changes the password, from the dashboard (${size}, and verification at 390)`, async () => {
      const username = `dash-${size}`;
      await account(username, 'before-change');
      await setVerification(true);
      const [page, token] = await signedIn(viewport, username, '/admin/dashboard');
      const phone = await signedInPage(browser, base, { token, username }, VIEWPORTS.phone, '/admin/dashboard');
      // A second session of the same administrator, ended by the password change.
      const other = await signInAdmin(t.app, username);
      await page.getByTestId('site-block-state').getByText('الموقع متاح للزوار').waitFor();
      await screenshot(page, `admin-dashboard-cards-${viewport.width}`);
      await phone.getByTestId('site-block-state').getByText('الموقع متاح للزوار').waitFor();
      await screenshot(phone, `admin-dashboard-cards-${VIEWPORTS.phone.width}`);

      // At 390 px, verification: turning it off asks first, then shows the security warning.
      expect(await phone.getByTestId('verification-warning').count()).toBe(0);
      await phone.getByRole('button', { name: 'إيقاف التحقق' }).click();
      await phone.getByRole('dialog').getByRole('button', { name: 'إيقاف التحقق' }).click();
      await phone.getByText('تنبيه أمني: التحقق برمز واتساب متوقف').waitFor();
      expect(await setting('admin_verification_required')).toBe('false');
      await screenshot(phone, `admin-dashboard-verification-off-${VIEWPORTS.phone.width}`);
      await phone.getByRole('dialog').waitFor({ state: 'detached' });
      await phone.getByRole('button', { name: 'تفعيل التحقق' }).click();
      await phone.getByTestId('verification-state').getByText('مفعّل').waitFor();
      expect(await phone.getByTestId('verification-warning').count()).toBe(0);
      expect(await setting('admin_verification_required')).toBe('true');
      await phone.close();

      // Block with no reason typed: the default maintenance text is stored, after a confirmation.
      await page.getByRole('button', { name: 'إيقاف الموقع' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'إيقاف الموقع' }).click();
      await page.getByTestId('site-block-state').getByText('الموقع متوقف للزوار').waitFor();
      await page.getByText('السبب المعروض للزوار: الموقع متوقف مؤقتاً للصيانة').waitFor();
      expect([await setting('site_blocked'), await setting('site_block_reason')]).toEqual(['true', 'الموقع متوقف مؤقتاً للصيانة']);
      const publicView = await t.http.get('/api/system/site-blocked').expect(200);
      expect(publicView.body.blocked).toBe(true);
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // Unblocking stores the fixed text.
      await page.getByRole('button', { name: 'إتاحة الموقع' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'إتاحة الموقع' }).click();
      await page.getByTestId('site-block-state').getByText('الموقع متاح للزوار').waitFor();
      expect(await setting('site_blocked')).toBe('false');
      expect(await loggedReason()).toBe('تم إلغاء الحظر من لوحة التحكم');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // A typed reason is stored as typed, trimmed.
      await page.getByLabel('سبب الإيقاف (اختياري)').fill('  صيانة الخادم  ');
      await page.getByRole('button', { name: 'إيقاف الموقع' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'إيقاف الموقع' }).click();
      await page.getByTestId('site-block-state').getByText('الموقع متوقف للزوار').waitFor();
      expect([await setting('site_blocked'), await setting('site_block_reason')]).toEqual(['true', 'صيانة الخادم']);
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // Verification: turning it off asks first, then shows the security warning.
      expect(await page.getByTestId('verification-warning').count()).toBe(0);
      await page.getByRole('button', { name: 'إيقاف التحقق' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'إيقاف التحقق' }).click();
      await page.getByText('تنبيه أمني: التحقق برمز واتساب متوقف').waitFor();
      expect(await setting('admin_verification_required')).toBe('false');
      await screenshot(page, `admin-dashboard-verification-off-${viewport.width}`);
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'تفعيل التحقق' }).click();
      await page.getByTestId('verification-state').getByText('مفعّل').waitFor();
      expect(await page.getByTestId('verification-warning').count()).toBe(0);
      expect(await setting('admin_verification_required')).toBe('true');

      // Password change: validation, live hints, the browser confirmation, then the code step.
      const change = page.getByRole('button', { name: 'تغيير كلمة المرور' });
      await page.getByLabel('كلمة المرور الجديدة').fill('abc');
      await change.click();
      await page.getByText('كلمة المرور يجب أن تكون 6 أحرف على الأقل').waitFor();
      await page.getByText('يجب تأكيد كلمة المرور').waitFor();
      await page.getByLabel('كلمة المرور الجديدة').fill('after-change');
      await page.getByLabel('تأكيد كلمة المرور').fill('after-ch');
      await page.getByTestId('password-match-hint').getByText('كلمات المرور غير متطابقة').waitFor();
      await page.getByLabel('تأكيد كلمة المرور').fill('after-change');
      await page.getByTestId('password-match-hint').getByText('كلمتا المرور متطابقتان').waitFor();

      // Dismissing the browser's confirmation sends nothing: no request once the page has settled, no message.
      const seen = seenIds();
      const asked: string[] = [];
      const record = (request: { url(): string }) => void (request.url().includes('password-change') && asked.push(request.url()));
      page.on('request', record);
      await Promise.all([page.waitForEvent('dialog').then((dialog) => dialog.dismiss()), change.click()]);
      await quiet(page);
      page.off('request', record);
      expect(asked).toEqual([]);
      expect(driver.recent().filter((m) => !seen.has(m.id))).toHaveLength(0);

      page.once('dialog', (dialog) => void dialog.accept());
      await change.click();
      const field = page.getByRole('textbox', { name: 'رمز التحقق' });
      await field.waitFor();
      const code = await codeSentAfter(seen);
      const confirm = page.getByRole('button', { name: 'تأكيد التغيير' });
      await field.fill(code.slice(0, 3));
      expect(await confirm.isDisabled()).toBe(true);
      await field.fill(code);
      await confirm.click();
      await page.getByText('تم تغيير كلمة المرور بنجاح').first().waitFor();
      await page.getByLabel('كلمة المرور الجديدة').waitFor();

      const [user] = (await db.query(`SELECT password FROM users WHERE username = $1`, [username])) as Array<{ password: string }>;
      expect(await argon2.verify(user.password, 'after-change')).toBe(true);
      // The other session is over; this one goes on.
      await verifyToken(other.token).expect(401);
      await verifyToken(token).expect(200);
      await page.close();
    });
  }
});
