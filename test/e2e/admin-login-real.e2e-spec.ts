import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import argon2 from 'argon2';
import type { Browser } from 'playwright-core';
import { DataSource } from 'typeorm';
import { ConsoleWhatsAppDriver } from '../../src/modules/messaging/providers/console-whatsapp.driver';
import { WHATSAPP_PROVIDER } from '../../src/modules/messaging/providers/whatsapp-provider';
import { launchChromium, screenshot, VIEWPORTS, quiet } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';
import { waitFor } from '../support/wait-for';

/** The whole way in, with nothing stubbed: the admin app, the API, the outbox, the worker, the driver. */
describe('administrator login against the real server', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    // Its own Redis key space: other browser tests' /api/auth calls in the same minute do not count here.
    t = await createTestApp({
      worker: true,
      env: { REDIS_PREFIX: `${testState().redisPrefix}:real-login`, RATE_LIMIT_CODES_PER_ACCOUNT: '1000' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    // Other files in the run may replace the seeded administrator: make sure ours exists, unfrozen.
    const db = t.app.get(DataSource);
    const hash = await argon2.hash('initial-admin-password');
    await db.query(
      `INSERT INTO users (username, password, role) VALUES ('admin', $1, 'admin')
       ON CONFLICT (username) DO UPDATE SET password = EXCLUDED.password`,
      [hash],
    );
    await db.query(
      `UPDATE account_security_status SET is_frozen = false, failed_attempts = 0, frozen_until = NULL WHERE username = 'admin'`,
    );
    await db.query(`UPDATE system_settings SET value = 'true' WHERE key = 'admin_verification_required'`);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('signs in with the WhatsApp code read from the console driver and reaches the dashboard', async () => {
    const driver = t.app.get<ConsoleWhatsAppDriver>(WHATSAPP_PROVIDER);
    const before = new Set(driver.recent().map((m) => m.id)); // ids, not a count: the driver keeps only its latest 200
    const page = await browser.newPage({ viewport: VIEWPORTS.desktop, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    await page.goto(base + '/admin/login');
    await quiet(page);
    await page.locator('input[name="username"]').fill('Admin');
    await page.locator('input[name="password"]').fill('initial-admin-password');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();

    const codeField = page.getByLabel('رمز التحقق');
    await codeField.waitFor();
    // The code as the driver "sent" it (polled, not paused for).
    const code = await waitFor(
      () =>
        driver
          .recent()
          .filter((m) => !before.has(m.id))
          .find((m) => m.templateKey === 'verificationCode')
          ?.text.match(/\b\d{6}\b/)?.[0],
      10_000,
      'the verificationCode message',
    );
    expect(code).toMatch(/^\d{6}$/);
    await codeField.fill(code);
    await page.getByRole('button', { name: 'تأكيد الدخول' }).click();

    await page.waitForURL(/\/admin\/dashboard/);
    await page.getByText('روابط سريعة').first().waitFor();
    await quiet(page);
    // The session token the admin app keeps (a JWT: three base64url parts).
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    await screenshot(page, 'admin-dashboard-real-1280');

    // The token the browser holds opens the private API.
    const token = await page.evaluate(() => localStorage.getItem('adminToken'));
    const verify = await t.http.get('/api/auth/verify').set('authorization', `Bearer ${token}`).expect(200);
    expect(verify.body.user.username).toBe('admin');
    await page.close();
  });
});
