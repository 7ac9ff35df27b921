import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page, Route } from 'playwright-core';
import { launchChromium, screenshot, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The administrator security screens in Chromium, served by the real app. The /api calls are
 * answered in the browser with the API's documented shapes, so these tests cover what the screens
 * do with each answer (the server's own behaviour has its integration tests).
 */

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

type Handler = (call: Call) => { status?: number; json: unknown } | undefined;

const USER = { id: 1, username: 'admin', role: 'admin' };
const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();
const session = () => ({ token: 'header.payload.signature', user: USER, expiresAt: inOneHour() });
const envelope = (statusCode: number, code: string, message: string, extra: Record<string, unknown> = {}) => ({
  status: statusCode,
  json: { statusCode, code, message, ...extra },
});

describe('administrator security screens', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Opens a page whose /api calls go to `handler` (unknown calls answer 404); returns the call log. */
  async function openWithApi(viewport: { width: number; height: number }, handler: Handler): Promise<{ page: Page; calls: Call[] }> {
    const page = await browser.newPage({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    const calls: Call[] = [];
    await page.route('**/api/**', async (route: Route) => {
      const request = route.request();
      const url = new URL(request.url());
      const raw = request.postData();
      const call: Call = {
        method: request.method(),
        path: url.pathname + url.search,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : null,
      };
      calls.push(call);
      const answer = handler(call) ?? envelope(404, 'NOT_FOUND', 'غير موجود');
      await route.fulfill({ status: answer.status ?? 200, contentType: 'application/json', body: JSON.stringify(answer.json) });
    });
    return { page, calls };
  }

  async function signedIn(page: Page, path: string): Promise<void> {
    await page.goto(base + '/admin/login', { waitUntil: 'networkidle' });
    await page.evaluate((expiry) => {
      localStorage.setItem('adminToken', 'header.payload.signature');
      localStorage.setItem('adminUser', JSON.stringify({ username: 'admin', role: 'admin' }));
      localStorage.setItem('tokenExpiry', expiry);
    }, inOneHour());
    await page.goto(base + path, { waitUntil: 'networkidle' });
  }

  const bodyText = (page: Page) => page.locator('body').innerText();

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`signs in with the WhatsApp code step (${size})`, async () => {
      const { page, calls } = await openWithApi(viewport, (call) => {
        if (call.path === '/api/auth/login') {
          if (call.body?.password !== 'correct-horse') return envelope(401, 'INVALID_CREDENTIALS', 'اسم المستخدم أو كلمة المرور غير صحيحة');
          return { json: { requiresVerification: true, message: 'تم إرسال رمز التحقق إلى أرقام واتساب المشرفين' } };
        }
        if (call.path === '/api/auth/verify-login') {
          if (call.body?.verificationCode !== '123456')
            return envelope(401, 'INVALID_VERIFICATION_CODE', 'رمز التحقق غير صحيح أو منتهي الصلاحية');
          return { json: { success: true, ...session() } };
        }
        if (call.path === '/api/auth/verify') return { json: { user: USER, expiresAt: inOneHour() } };
        if (call.path === '/api/system/site-blocked') return { json: { blocked: false, setting: { description: null, updatedAt: null } } };
        if (call.path === '/api/system/settings')
          return { json: [{ key: 'admin_verification_required', value: 'true', description: '', updatedAt: null }] };
        return undefined;
      });
      await page.goto(base + '/admin/login', { waitUntil: 'networkidle' });

      // Both fields are required, in Arabic.
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await page.getByText('يرجى إدخال اسم المستخدم').waitFor();
      await page.getByText('يرجى إدخال كلمة المرور').waitFor();
      expect(calls.filter((c) => c.path === '/api/auth/login')).toHaveLength(0);

      // A wrong password shows the server's Arabic message.
      await page.locator('input[name="username"]').fill('admin');
      await page.locator('input[name="password"]').fill('wrong');
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await page.getByText('اسم المستخدم أو كلمة المرور غير صحيحة').first().waitFor();

      await page.locator('input[name="password"]').fill('correct-horse');
      await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
      await page.getByText('تم إرسال رمز التحقق إلى أرقام واتساب المشرفين').waitFor();

      // Digits only, Arabic-Indic digits converted, at most 6; the button waits for exactly 6.
      const code = page.getByLabel('رمز التحقق');
      const submit = page.getByRole('button', { name: 'تأكيد الدخول' });
      await code.fill('١٢٣ab٤٥');
      expect(await code.inputValue()).toBe('12345');
      expect(await submit.isDisabled()).toBe(true);
      await code.fill('1234599');
      expect(await code.inputValue()).toBe('123459');
      expect(await submit.isEnabled()).toBe(true);
      await screenshot(page, `admin-login-code-step-${viewport.width}`);
      await submit.click();
      await page.getByText('رمز التحقق غير صحيح أو منتهي الصلاحية').first().waitFor();
      expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

      await code.fill('١٢٣٤٥٦');
      await submit.click();
      await page.waitForURL('**/admin/dashboard');
      expect(calls.find((c) => c.path === '/api/auth/verify-login' && c.body?.verificationCode === '123456')?.body).toEqual({
        username: 'admin',
        verificationCode: '123456',
      });
      const stored = await page.evaluate(() => [
        localStorage.getItem('adminToken'),
        localStorage.getItem('adminUser'),
        localStorage.getItem('tokenExpiry'),
      ]);
      expect(stored[0]).toBe('header.payload.signature');
      expect(JSON.parse(stored[1] ?? '{}')).toMatchObject({ username: 'admin' });
      expect(Date.parse(stored[2] ?? '')).toBeGreaterThan(Date.now());
      await page.close();
    });
  }

  it('signs in directly when the server needs no code, and shows the freeze notice', async () => {
    let frozen = true;
    const { page } = await openWithApi(VIEWPORTS.desktop, (call) => {
      if (call.path === '/api/auth/login') {
        if (frozen) {
          frozen = false;
          return envelope(401, 'ACCOUNT_FROZEN', 'الحساب مجمّد مؤقتاً، يرجى المحاولة بعد 29 دقيقة', {
            details: { remainingMinutes: 29, frozenUntil: inOneHour() },
          });
        }
        return { json: { requiresVerification: false, message: 'تم تسجيل الدخول بنجاح', ...session() } };
      }
      if (call.path === '/api/auth/verify') return { json: { user: USER, expiresAt: inOneHour() } };
      return undefined;
    });
    await page.goto(base + '/admin/login', { waitUntil: 'networkidle' });
    await page.locator('input[name="username"]').fill('admin');
    await page.locator('input[name="password"]').fill('secret-pass');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.getByText('يرجى المحاولة بعد 29 دقيقة').first().waitFor();
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.getByText('مرحبًا، admin').waitFor();
    await page.close();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`opens a one-hour session through emergency access (${size})`, async () => {
      const { page, calls } = await openWithApi(viewport, (call) => {
        if (call.path === '/api/auth/emergency-question') {
          if (call.body?.masterCode === 'YNB-2026-OLD111') return { json: { isActive: false, securityQuestion: null } };
          return { json: { isActive: true, securityQuestion: 'ما اسم أول مدرسة درست فيها؟' } };
        }
        if (call.path === '/api/auth/emergency-access') {
          if (call.body?.securityAnswer !== 'الفيصلية')
            return envelope(401, 'INVALID_EMERGENCY', 'رمز الطوارئ أو إجابة سؤال الأمان غير صحيحة');
          return { json: session() };
        }
        if (call.path === '/api/auth/verify') return { json: { user: USER, expiresAt: inOneHour() } };
        return undefined;
      });
      await page.goto(base + '/admin/login', { waitUntil: 'networkidle' });
      await page.getByRole('button', { name: 'الدخول الطارئ' }).click();

      await page.getByRole('button', { name: 'متابعة' }).click();
      await page.getByText('يرجى إدخال رمز الطوارئ').waitFor();

      // An inactive code never reaches the question step.
      await page.getByLabel('رمز الطوارئ').fill('ynb-2026-old111');
      await page.getByRole('button', { name: 'متابعة' }).click();
      await page.getByText('رمز الطوارئ غير مفعّل حاليًا').waitFor();
      expect(await page.getByLabel('إجابة سؤال الأمان').count()).toBe(0);
      await screenshot(page, `admin-emergency-code-${viewport.width}`);

      await page.getByLabel('رمز الطوارئ').fill('YNB-2026-AB12CD');
      await page.getByRole('button', { name: 'متابعة' }).click();
      await page.getByText('ما اسم أول مدرسة درست فيها؟').waitFor();

      // Back returns to the code step, with the code kept.
      await page.getByRole('button', { name: 'الرجوع إلى رمز الطوارئ' }).click();
      expect(await page.getByLabel('رمز الطوارئ').inputValue()).toBe('YNB-2026-AB12CD');
      await page.getByRole('button', { name: 'متابعة' }).click();

      await page.getByLabel('إجابة سؤال الأمان').fill('خطأ');
      await page.getByRole('button', { name: 'الدخول', exact: true }).click();
      await page.getByText('رمز الطوارئ أو إجابة سؤال الأمان غير صحيحة').waitFor();
      await screenshot(page, `admin-emergency-question-${viewport.width}`);

      await page.getByLabel('إجابة سؤال الأمان').fill('الفيصلية');
      await page.getByRole('button', { name: 'الدخول', exact: true }).click();
      await page.waitForURL('**/admin/dashboard');
      expect(calls.filter((c) => c.path === '/api/auth/emergency-access').pop()?.body).toEqual({
        masterCode: 'YNB-2026-AB12CD',
        securityAnswer: 'الفيصلية',
      });
      expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBe('header.payload.signature');
      await page.close();
    });
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`resets the password in two steps and returns to login after 2 seconds (${size})`, async () => {
      const { page, calls } = await openWithApi(viewport, (call) => {
        if (call.path === '/api/auth/reset-password') return { json: { message: 'إذا كان اسم المستخدم مسجلاً فقد أُرسل رمز التحقق' } };
        if (call.path === '/api/auth/confirm-reset') {
          if (call.body?.verificationCode !== '654321')
            return envelope(400, 'INVALID_VERIFICATION_CODE', 'رمز التحقق غير صحيح أو منتهي الصلاحية');
          return { json: { success: true, message: 'تم تغيير كلمة المرور بنجاح' } };
        }
        return undefined;
      });
      await page.goto(base + '/admin/login', { waitUntil: 'networkidle' });
      await page.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
      await page.waitForURL('**/admin/password-reset');
      await page.getByText('سيُرسل رمز تحقق عبر واتساب إلى جميع أرقام المشرفين').waitFor();
      const text = await bodyText(page);
      expect(text).toContain('سيُرسل رمز تحقق عبر واتساب إلى جميع أرقام المشرفين');
      expect(text).not.toContain('مؤقتة');
      await screenshot(page, `admin-password-reset-${viewport.width}`);

      await page.getByLabel('اسم المستخدم').fill('   ');
      await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
      await page.getByText('يرجى إدخال اسم المستخدم').waitFor();
      expect(calls).toHaveLength(0);

      await page.getByLabel('اسم المستخدم').fill(' admin ');
      await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
      await page.getByText('إذا كان اسم المستخدم مسجلاً فقد أُرسل رمز التحقق').waitFor();
      expect(calls[0].body).toEqual({ username: 'admin' });

      const submit = page.getByRole('button', { name: 'تعيين كلمة المرور' });
      await submit.click();
      await page.getByText('يرجى إدخال رمز التحقق').waitFor();
      await page.getByText('كلمة المرور يجب أن تكون 6 أحرف على الأقل').waitFor();
      await page.getByLabel('رمز التحقق').fill('٦٥٤٣٢١9');
      expect(await page.getByLabel('رمز التحقق').inputValue()).toBe('654321');
      await page.locator('input[name="newPassword"]').fill('new-secret');
      await page.locator('input[name="confirmPassword"]').fill('new-secreT');
      await submit.click();
      await page.getByText('كلمة المرور وتأكيدها غير متطابقتان').waitFor();
      await screenshot(page, `admin-password-reset-confirm-${viewport.width}`);

      await page.locator('input[name="confirmPassword"]').fill('new-secret');
      await submit.click();
      await page.getByText('نجح إعادة الضبط').waitFor();
      const shownAt = Date.now();
      expect(calls.find((c) => c.path === '/api/auth/confirm-reset')?.body).toEqual({
        username: 'admin',
        verificationCode: '654321',
        newPassword: 'new-secret',
      });
      await screenshot(page, `admin-password-reset-done-${viewport.width}`);
      await page.waitForURL('**/admin/login', { timeout: 5000 });
      const waited = Date.now() - shownAt;
      expect(waited).toBeGreaterThanOrEqual(1500);
      expect(waited).toBeLessThan(4000);
      await page.locator('input[name="username"]').waitFor();
      await page.close();
    });
  }

  it('goes back from the second reset step and shows the server error', async () => {
    const { page } = await openWithApi(VIEWPORTS.phone, (call) => {
      if (call.path === '/api/auth/reset-password')
        return envelope(429, 'RATE_LIMITED', 'تم تجاوز عدد المحاولات المسموح، يرجى المحاولة بعد قليل');
      return undefined;
    });
    await page.goto(base + '/admin/password-reset', { waitUntil: 'networkidle' });
    await page.getByLabel('اسم المستخدم').fill('admin');
    await page.getByRole('button', { name: 'إرسال رمز التحقق' }).click();
    await page.getByText('تم تجاوز عدد المحاولات المسموح').waitFor();
    await page.close();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`toggles the site block and login verification, and changes the password, from the dashboard (${size})`, async () => {
      const state = { blocked: false, description: null as string | null, verification: 'true' };
      const { page, calls } = await openWithApi(viewport, (call) => {
        if (call.path === '/api/auth/verify') return { json: { user: USER, expiresAt: inOneHour() } };
        if (call.path === '/api/system/site-blocked') {
          return { json: { blocked: state.blocked, setting: { description: state.description, updatedAt: '2026-03-01T09:30:00.000Z' } } };
        }
        if (call.path === '/api/system/toggle-site-block') {
          state.blocked = !state.blocked;
          state.description = String(call.body?.reason ?? '');
          return { json: { blocked: state.blocked, message: state.blocked ? 'تم إيقاف الموقع' : 'تم إتاحة الموقع' } };
        }
        if (call.path === '/api/system/settings') {
          return { json: [{ key: 'admin_verification_required', value: state.verification, description: '', updatedAt: null }] };
        }
        if (call.path === '/api/system/toggle-verification') {
          state.verification = state.verification === 'false' ? 'true' : 'false';
          return { json: { enabled: state.verification !== 'false', message: 'تم تحديث إعداد التحقق' } };
        }
        if (call.path === '/api/admin/request-password-change')
          return { json: { requiresVerification: true, message: 'أُرسل رمز التأكيد' } };
        if (call.path === '/api/admin/confirm-password-change') return { json: { success: true, message: 'تم تغيير كلمة المرور بنجاح' } };
        return undefined;
      });
      await signedIn(page, '/admin/dashboard');
      await page.getByTestId('site-block-state').waitFor();
      await screenshot(page, `admin-dashboard-cards-${viewport.width}`);

      // Block with no reason typed: the default maintenance text is sent, after a confirmation.
      await page.getByRole('button', { name: 'إيقاف الموقع' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'إيقاف الموقع' }).click();
      await page.getByTestId('site-block-state').getByText('الموقع متوقف للزوار').waitFor();
      expect(calls.find((c) => c.path === '/api/system/toggle-site-block')?.body).toEqual({ reason: 'الموقع متوقف مؤقتاً للصيانة' });
      await page.getByText('السبب المعروض للزوار: الموقع متوقف مؤقتاً للصيانة').waitFor();

      // Unblocking sends the fixed text.
      await page.getByRole('button', { name: 'إتاحة الموقع' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'إتاحة الموقع' }).click();
      await page.getByTestId('site-block-state').getByText('الموقع متاح للزوار').waitFor();
      expect(calls.filter((c) => c.path === '/api/system/toggle-site-block')[1].body).toEqual({ reason: 'تم إلغاء الحظر من لوحة التحكم' });

      // A typed reason is sent as typed.
      await page.getByLabel('سبب الإيقاف (اختياري)').fill('  صيانة الخادم  ');
      await page.getByRole('button', { name: 'إيقاف الموقع' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'إيقاف الموقع' }).click();
      await page.getByTestId('site-block-state').getByText('الموقع متوقف للزوار').waitFor();
      expect(calls.filter((c) => c.path === '/api/system/toggle-site-block')[2].body).toEqual({ reason: 'صيانة الخادم' });

      // Verification: turning it off asks first, then shows the security warning.
      expect(await page.getByText('تنبيه أمني').count()).toBe(0);
      await page.getByRole('button', { name: 'إيقاف التحقق' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'إيقاف التحقق' }).click();
      await page.getByText('تنبيه أمني: التحقق برمز واتساب متوقف').waitFor();
      expect(calls.filter((c) => c.path === '/api/system/toggle-verification')).toHaveLength(1);
      await screenshot(page, `admin-dashboard-verification-off-${viewport.width}`);
      await page.getByRole('button', { name: 'تفعيل التحقق' }).click();
      await page.getByTestId('verification-state').getByText('مفعّل').waitFor();
      expect(await page.getByText('تنبيه أمني').count()).toBe(0);

      // Password change: validation, live hints, the browser confirmation, then the code step.
      const change = page.getByRole('button', { name: 'تغيير كلمة المرور' });
      await page.getByLabel('كلمة المرور الجديدة').fill('abc');
      await change.click();
      await page.getByText('كلمة المرور يجب أن تكون 6 أحرف على الأقل').waitFor();
      await page.getByText('يجب تأكيد كلمة المرور').waitFor();
      await page.getByLabel('كلمة المرور الجديدة').fill('new-secret');
      await page.getByLabel('تأكيد كلمة المرور').fill('new-sec');
      await page.getByTestId('password-match-hint').getByText('كلمات المرور غير متطابقة').waitFor();
      await page.getByLabel('تأكيد كلمة المرور').fill('new-secret');
      await page.getByTestId('password-match-hint').getByText('كلمتا المرور متطابقتان').waitFor();

      let dialogs = 0;
      page.once('dialog', (dialog) => {
        dialogs += 1;
        void dialog.dismiss();
      });
      await change.click();
      await page.waitForTimeout(200);
      expect(dialogs).toBe(1);
      expect(calls.filter((c) => c.path === '/api/admin/request-password-change')).toHaveLength(0);

      page.once('dialog', (dialog) => void dialog.accept());
      await change.click();
      const code = page.getByLabel('رمز التحقق');
      await code.waitFor();
      expect(calls.find((c) => c.path === '/api/admin/request-password-change')?.body).toEqual({ newPassword: 'new-secret' });
      const confirm = page.getByRole('button', { name: 'تأكيد التغيير' });
      await code.fill('١٢٣');
      expect(await confirm.isDisabled()).toBe(true);
      await code.fill('١٢٣٤٥٦');
      await confirm.click();
      await page.getByText('تم تغيير كلمة المرور بنجاح').first().waitFor();
      expect(calls.find((c) => c.path === '/api/admin/confirm-password-change')?.body).toEqual({ verificationCode: '123456' });
      await page.getByLabel('كلمة المرور الجديدة').waitFor();
      await page.close();
    });
  }

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`shows the security tab, resolves an alert, unfreezes and creates an emergency code (${size})`, async () => {
      const alerts = [
        {
          id: 7,
          alertType: 'geo_alert',
          severity: 'high',
          description: 'تسجيل دخول من دولة جديدة: مصر',
          country: 'مصر',
          ipAddress: '197.0.0.1',
          username: 'admin',
          createdAt: '2026-03-01T08:00:00.000Z',
          resolved: false,
        },
        {
          id: 6,
          alertType: 'account_frozen',
          severity: 'medium',
          description: 'جُمّد الحساب بعد 3 محاولات فاشلة',
          country: null,
          ipAddress: '10.0.0.5',
          username: 'admin',
          createdAt: '2026-02-28T08:00:00.000Z',
          resolved: true,
        },
      ];
      let frozen = true;
      const codes: Array<Record<string, unknown> & { masterCode: string }> = [
        {
          id: 3,
          masterCode: '****-****-AB12',
          securityQuestion: 'ما اسم الحي الأول؟',
          isActive: true,
          usageCount: 1,
          lastUsedAt: '2026-02-20T10:00:00.000Z',
          lastUsedBy: 'admin',
          expiresAt: null,
          createdAt: '2026-01-01T10:00:00.000Z',
        },
      ];
      const attempts = Array.from({ length: 12 }, (_, i) => ({
        id: 100 - i,
        username: 'admin',
        success: i % 3 === 0,
        ipAddress: i === 1 ? '197.0.0.1' : '10.0.0.5',
        country: i === 1 ? 'Egypt' : null,
        countryCode: i === 1 ? 'EG' : null,
        failureReason: i % 3 === 0 ? null : i === 1 ? 'geo_blocked' : 'invalid_password',
        attemptedAt: new Date(Date.UTC(2026, 2, 1, 9, 0) - i * 60_000).toISOString(),
      }));
      const { page, calls } = await openWithApi(viewport, (call) => {
        if (call.path === '/api/auth/verify') return { json: { user: USER, expiresAt: inOneHour() } };
        if (call.path.startsWith('/api/security/login-attempts')) return { json: attempts };
        if (call.path === '/api/security/alerts') return { json: alerts };
        if (call.path === '/api/security/alerts/7/resolve') {
          alerts[0].resolved = true;
          return { json: { success: true } };
        }
        if (call.path === '/api/security/status') {
          return {
            json: {
              username: 'admin',
              isFrozen: frozen,
              frozenUntil: frozen ? '2026-03-01T10:00:00.000Z' : null,
              lastSuccessfulLogin: '2026-03-01T07:00:00.000Z',
              failedAttempts: frozen ? 3 : 0,
              maxFailedAttempts: 3,
              freezeDurationMinutes: 30,
              geoAlertEnabled: true,
              allowedCountries: ['SA'],
            },
          };
        }
        if (call.path === '/api/security/unfreeze') {
          frozen = false;
          return { json: { success: true } };
        }
        if (call.path === '/api/admin/emergency-access-codes' && call.method === 'GET') return { json: codes };
        if (call.path === '/api/admin/emergency-access-codes' && call.method === 'POST') {
          const created = {
            id: 4,
            masterCode: String(call.body?.masterCode),
            securityQuestion: String(call.body?.securityQuestion),
            isActive: true,
            usageCount: 0,
            lastUsedAt: null,
            lastUsedBy: null,
            expiresAt: null,
            createdAt: new Date().toISOString(),
          };
          codes.push({ ...created, masterCode: '****-****-' + created.masterCode.slice(-4) });
          return { status: 201, json: created };
        }
        return undefined;
      });
      await signedIn(page, '/admin/main');
      await page.getByRole('tab', { name: 'الأمان' }).waitFor();
      await page.getByTestId('security-alert').first().waitFor();
      await page.getByTestId('login-attempt-row').first().waitFor();

      // Latest 10 attempts, failure reasons and countries in Arabic, dates with the Hijri date.
      expect(await page.getByTestId('login-attempt-row').count()).toBe(10);
      expect(calls.some((c) => c.path === '/api/security/login-attempts?limit=10')).toBe(true);
      const table = await page.getByTestId('login-attempt-row').nth(1).innerText();
      expect(table).toContain('دخول من دولة غير مسموح بها');
      expect(table).toContain('مصر');
      expect(table).toMatch(/2026م \(\d+ [^)]+ 14\d\dهـ\)/);
      const rowsText = await page.locator('tbody').first().innerText();
      expect(rowsText).toContain('كلمة مرور خاطئة');
      expect(rowsText).not.toMatch(/invalid_password|geo_blocked/);
      await screenshot(page, `admin-settings-security-${viewport.width}`);

      // Resolve an alert.
      const open = page.getByTestId('security-alert').filter({ hasText: 'دخول من دولة جديدة' });
      await open.getByRole('button', { name: 'تمت المعالجة' }).click();
      await page.getByText('تم تحديد التنبيه كمعالَج').waitFor();
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/security/alerts/7/resolve')).toBe(true);
      await open.getByText('معالَج').waitFor();
      expect(await open.getByRole('button', { name: 'تمت المعالجة' }).count()).toBe(0);

      // Unfreeze after a confirmation.
      await page.getByTestId('account-state').getByText('مجمّد حتى').waitFor();
      await page.getByRole('button', { name: 'إلغاء التجميد' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'إلغاء التجميد' }).click();
      await page.getByTestId('account-state').getByText('نشط').waitFor();
      expect(calls.find((c) => c.path === '/api/security/unfreeze')?.body).toEqual({ username: 'admin' });

      // Emergency codes: the list is masked; a new code is generated and shown in full once.
      expect(await page.getByTestId('emergency-code-row').first().innerText()).toContain('****-****-AB12');
      await page.getByRole('button', { name: 'إنشاء رمز جديد' }).click();
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
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/admin/emergency-access-codes')?.body).toEqual({
        masterCode: regenerated,
        securityQuestion: 'ما اسم أول مدرسة؟',
        securityAnswer: 'الفيصلية',
      });
      await screenshot(page, `admin-emergency-code-shown-${viewport.width}`);
      await page.getByRole('button', { name: 'حفظت الرمز' }).click();
      await page.getByTestId('emergency-code-row').nth(1).waitFor();
      expect(await page.locator('body').innerText()).not.toContain(regenerated);

      // The other tabs are placeholders for now.
      await page.getByRole('tab', { name: 'الإحصائيات' }).click();
      await page.getByRole('heading', { name: 'قيد التطوير' }).waitFor();
      await page.close();
    });
  }

  it('returns to the login page when the server rejects the session on the settings page', async () => {
    const { page } = await openWithApi(VIEWPORTS.desktop, (call) => {
      if (call.path === '/api/auth/verify') return envelope(401, 'SESSION_ENDED', 'انتهت صلاحية الجلسة');
      return { json: [] };
    });
    await signedIn(page, '/admin/main');
    await page.waitForURL('**/admin/login');
    expect(await page.evaluate(() => [localStorage.getItem('adminToken'), localStorage.getItem('tokenExpiry')])).toEqual([null, null]);
    await page.close();
  });
});
