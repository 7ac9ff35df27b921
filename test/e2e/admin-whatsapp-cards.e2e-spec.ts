import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { WHATSAPP_TEMPLATES } from '../../src/database/seeds/data/templates';
import { ConsoleWhatsAppDriver } from '../../src/modules/messaging/providers/console-whatsapp.driver';
import { WHATSAPP_PROVIDER } from '../../src/modules/messaging/providers/whatsapp-provider';
import { signInAdmin } from '../support/admin-session';
import { launchChromium, openSignedIn, quiet, screenshot, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';
import { TwilioDouble } from '../support/twilio-double';
import { waitFor } from '../support/wait-for';

/**
 * The dashboard's three WhatsApp cards in Chromium against the real server (nothing stubbed): the
 * administrator numbers (database and environment sources), test sending through the outbox, the
 * worker and the console driver, and the templates with their compliance, preview and mode switch.
 */

const NUMBERS_CARD = 'section[aria-labelledby="admin-numbers-card-title"]';
const TEST_CARD = 'section[aria-labelledby="whatsapp-test-card-title"]';
const TEMPLATES_CARD = 'section[aria-labelledby="templates-card-title"]';

/**
 * Saves a screenshot of one element under test-results/screenshots/NAME.png. The sticky app bar and
 * the toasts are hidden meanwhile so they do not cover the card (the full-page shots keep them).
 */
async function shotOf(locator: Locator, name: string): Promise<void> {
  const dir = resolve('test-results/screenshots');
  mkdirSync(dir, { recursive: true });
  const style = await locator.page().addStyleTag({ content: '.MuiAppBar-root, .MuiSnackbar-root { visibility: hidden !important; }' });
  try {
    await locator.scrollIntoViewIfNeeded();
    await locator.screenshot({ path: join(dir, `${name}.png`), animations: 'disabled' });
  } finally {
    await style.evaluate((node) => (node as Element).remove());
  }
}

async function restoreTemplates(db: DataSource): Promise<void> {
  for (const template of WHATSAPP_TEMPLATES) {
    await db.query(`UPDATE assurance_templates SET components = $1 WHERE key = $2`, [JSON.stringify(template.components), template.key]);
  }
}

async function setting(db: DataSource, key: string): Promise<string | null> {
  const rows: Array<{ value: string | null }> = await db.query(`SELECT value FROM system_settings WHERE key = $1`, [key]);
  return rows[0]?.value ?? null;
}

async function setAdminNumbers(db: DataSource, numbers: string[] | null): Promise<void> {
  await db.query(`DELETE FROM system_settings WHERE key = 'admin_whatsapp_numbers'`);
  if (numbers) {
    await db.query(`INSERT INTO system_settings (key, value, description) VALUES ('admin_whatsapp_numbers', $1, 'test')`, [
      JSON.stringify(numbers),
    ]);
  }
}

/** Opens the dashboard signed in with a real session token. */
async function openDashboard(browser: Browser, base: string, token: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.newPage({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
  return openSignedIn(page, base, { token, username: 'test-admin' }, '/admin/dashboard');
}

// One Chromium for the file's three servers.
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('dashboard WhatsApp cards against the real server', () => {
  let t: TestApp;
  let db: DataSource;
  let base: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ worker: true, env: { REDIS_PREFIX: `${testState().redisPrefix}:whatsapp-cards` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app)).token;
  });
  afterAll(async () => {
    // Other test files of the run expect no administrator number, the seeded templates and template mode on.
    if (db) {
      await setAdminNumbers(db, null);
      await db.query(`UPDATE system_settings SET value = 'true' WHERE key = 'whatsapp_use_templates'`);
      await restoreTemplates(db);
    }
    await t?.close();
  });

  // The three cards share the dashboard: one page per width walks them in turn. The rules behind them are
  // checked where they are decided — adminNumbers.spec, whatsappTest.spec, templates.spec (admin-ui),
  // src/shared/templates.spec, whatsapp-admin.service.spec and admin-numbers.service.spec — so the
  // refusals and the compliance details are walked at one width (1280 px); 390 px shows every state.
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    const desktop = size === 'desktop';
    it(`administrator numbers, test sending and templates on the dashboard (${size})`, async () => {
      // The cards' starting states.
      await setAdminNumbers(db, ['+966501112222']);
      await db.query(
        `UPDATE assurance_templates SET components = '[{"type":"HEADER","text":"رسالة من فريق الجمعية"},{"type":"BODY","text":"{{1}} تم {{3}}"},{"type":"FOOTER","text":"لإيقاف الرسائل أرسل كلمة: إيقاف"}]' WHERE key = 'customMessage'`,
      );
      await db.query(`UPDATE system_settings SET value = 'true' WHERE key = 'whatsapp_use_templates'`);
      // Content SIDs are configuration other files may have stored: this one starts without one.
      const [{ content_sid: savedSid }] = (await db.query(
        `SELECT content_sid FROM assurance_templates WHERE key = 'statusUpdate'`,
      )) as Array<{
        content_sid: string | null;
      }>;
      await db.query(`UPDATE assurance_templates SET content_sid = NULL WHERE key = 'statusUpdate'`);
      const page = await openDashboard(browser, base, token, viewport);
      const requests: Array<{ method: string; path: string }> = [];
      page.on('request', (request) => requests.push({ method: request.method(), path: new URL(request.url()).pathname }));

      // --- Administrator numbers: lists the stored numbers, refuses a local number, adds, removes and saves.
      {
        const card = page.locator(NUMBERS_CARD);
        await card.getByText('+966 50 111 2222').waitFor();
        expect(await card.getByTestId('admin-numbers-source').innerText()).toBe('تُدار من هنا');
        await shotOf(card, `whatsapp-numbers-card-${viewport.width}`);

        // A local number breaks the international rule: the Arabic error names it, nothing is added.
        const field = card.locator('input[name="newAdminNumber"]');
        await field.fill('0501234567');
        await card.getByRole('button', { name: 'إضافة' }).click();
        await card.getByText('غير صحيح، استخدم الصيغة الدولية مثل').waitFor();
        expect(await card.locator('#new-admin-number-helper-text').innerText()).toContain('0501234567');
        expect(await field.getAttribute('aria-invalid')).toBe('true');
        await shotOf(card, `whatsapp-numbers-card-error-${viewport.width}`);

        await field.fill('+966 50 333 4444');
        await card.getByRole('button', { name: 'إضافة' }).click();
        await card.getByText('+966 50 333 4444').waitFor();
        await card.getByRole('button', { name: /حذف الرقم.*\+966 50 111 2222/ }).click();
        await card.getByText('لديك تغييرات لم تُحفظ بعد.').waitFor();
        expect(await card.getByText('+966 50 111 2222').count()).toBe(0);

        if (desktop) {
          // With no number left the save is refused on the card, and nothing is sent or stored.
          await card.getByRole('button', { name: /حذف الرقم.*\+966 50 333 4444/ }).click();
          await card.getByRole('button', { name: 'حفظ الأرقام' }).click();
          await card.getByText('يجب إدخال رقم واتساب واحد على الأقل').waitFor();
          expect(await page.getByRole('dialog').count()).toBe(0);
          expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
          expect(await setting(db, 'admin_whatsapp_numbers')).toBe('["+966501112222"]');
          await field.fill('+966 50 333 4444');
          await card.getByRole('button', { name: 'إضافة' }).click();
          await card.getByText('+966 50 333 4444').waitFor();
        }

        await card.getByRole('button', { name: 'حفظ الأرقام' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText('+966 50 333 4444').waitFor();
        await quiet(page);
        await screenshot(page, `whatsapp-numbers-confirm-${viewport.width}`);
        await dialog.getByRole('button', { name: 'حفظ الأرقام' }).click();
        await page.getByText('تم حفظ أرقام واتساب المشرفين').first().waitFor();
        await waitFor(
          async () => (await setting(db, 'admin_whatsapp_numbers')) === '["+966503334444"]',
          10_000,
          'the numbers in the database',
        );
        await card.getByRole('button', { name: 'حفظ الأرقام' }).and(page.locator(':disabled')).waitFor();
        await dialog.waitFor({ state: 'detached' });
      }

      // --- Test sending: Arabic field error, a single message through the console driver, and the broadcast summary.
      {
        // A second administrator number, stored directly; the broadcast reads the setting when it is sent.
        await setAdminNumbers(db, ['+966503334444', '+966505556666']);
        const driver = t.app.get<ConsoleWhatsAppDriver>(WHATSAPP_PROVIDER);
        const card = page.locator(TEST_CARD);
        const send = card.getByRole('button', { name: 'إرسال رسالة تجريبية' });
        expect(await send.isDisabled()).toBe(true);

        // An invalid number: the Arabic error names the field, and nothing is sent.
        await card.locator('input[name="testNumber"]').fill('12345');
        await send.click();
        await card.getByText('رقم الاختبار غير صحيح، استخدم الصيغة الدولية مثل').waitFor();
        expect(requests).not.toContainEqual({ method: 'POST', path: '/api/admin/test-whatsapp-single' });

        const before = new Set(driver.recent().map((m) => m.id)); // ids, not a count: the driver keeps only its latest 200
        const phone = desktop ? '+966550002222' : '+966550001111';
        const text = `رسالة تجربة من لوحة التحكم ${viewport.width}`;
        await card.locator('input[name="testNumber"]').fill(phone.replace('+966', '+966 '));
        await card.locator('textarea[name="customMessage"]').fill(text);
        await send.click();
        const result = card.getByTestId('whatsapp-test-single-result');
        await result.getByText('تم إرسال رسالة الاختبار').waitFor({ timeout: 15_000 });
        const sent = driver
          .recent()
          .filter((m) => !before.has(m.id))
          .filter((m) => m.to === phone);
        expect(sent).toHaveLength(1);
        expect(sent[0].templateKey).toBe('customMessage');
        expect(sent[0].text).toContain(text);
        const resultText = await result.innerText();
        expect(resultText).toContain(`${phone.slice(0, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9)}`);
        expect(resultText).toContain('قبل مزود واتساب الرسالة');
        expect(resultText).toContain('تحقق من وصول الرسالة');

        // Broadcast to the two administrator numbers.
        const beforeBroadcast = new Set(driver.recent().map((m) => m.id)); // ids, not a count: the driver keeps only its latest 200
        await card.getByRole('button', { name: 'إرسال إلى جميع المشرفين' }).click();
        const summary = card.getByTestId('whatsapp-test-broadcast-result');
        await summary.waitFor({ timeout: 15_000 });
        expect(await summary.getByTestId('broadcast-total').innerText()).toContain('2');
        expect(await summary.getByTestId('broadcast-successful').innerText()).toContain('2');
        expect(await summary.getByTestId('broadcast-failed').innerText()).toContain('0');
        const recipients = driver
          .recent()
          .filter((m) => !beforeBroadcast.has(m.id))
          .map((m) => m.to)
          .sort();
        expect(recipients.filter((to) => to === '+966503334444' || to === '+966505556666')).toEqual(['+966503334444', '+966505556666']);
        await quiet(page);
        await shotOf(card, `whatsapp-test-card-${viewport.width}`);
      }

      // --- Templates: the fourteen with their compliance, a broken one's issues, the preview and the mode switch.
      {
        const card = page.locator(TEMPLATES_CARD);
        const list = card.getByTestId('templates-list');
        await list.waitFor();
        expect(await list.locator('> .MuiAccordion-root').count()).toBe(14);
        expect(await card.getByTestId('templates-compliance-count').innerText()).toBe('13 من 14 متوافقة');
        if (desktop) {
          for (const template of WHATSAPP_TEMPLATES) {
            const chip = card.getByTestId(`template-${template.key}-compliance`);
            expect(await chip.innerText()).toBe(template.key === 'customMessage' ? 'غير متوافق' : 'متوافق');
          }
        }
        // The broken template is open with its issues and recommendations, in Arabic.
        const issues = card.getByTestId('template-customMessage-issues');
        await issues.waitFor();
        const issuesText = await issues.innerText();
        expect(issuesText).toContain('النص الرئيسي يبدأ بمتغير');
        expect(issuesText).toContain('ترقيم المتغيرات غير متسلسل');
        expect(issuesText).toContain('التوصيات');
        expect(issuesText).toContain('رقّم المتغيرات بدءاً من {{1}}');
        // A compliant one opens on demand with its details.
        const statusUpdate = card.getByTestId('template-statusUpdate');
        await statusUpdate.getByRole('button', { name: /تحديث حالة الطلب/ }).click();
        await statusUpdate.getByText('القالب متوافق مع شروط واتساب للقوالب.').waitFor();
        const details = await statusUpdate.innerText();
        expect(details).toContain('العربية');
        expect(details).toContain('خدمية');
        expect(details).toContain('تحديث حالة طلبكم');
        expect(await statusUpdate.getByTestId('template-statusUpdate-sid').innerText()).toContain('غير مضبوط');
        await db.query(`UPDATE assurance_templates SET content_sid = $1 WHERE key = 'statusUpdate'`, [savedSid]);
        await shotOf(card, `whatsapp-templates-card-list-${viewport.width}`);

        // The preview fills the placeholders with example values, WhatsApp-bubble style.
        await card.getByRole('tab', { name: 'المعاينة' }).click();
        const preview = card.getByTestId('template-preview');
        if (desktop) {
          await card.locator('#template-preview-choice').click();
          await page.getByRole('option', { name: 'رمز التحقق للمشرفين' }).click();
          await preview.getByText('رمز التحقق الخاص بك هو').waitFor();
          expect(await preview.innerText()).toContain('482913');
          expect(await preview.innerText()).toContain('نسخ الرمز');
        }
        await card.locator('#template-preview-choice').click();
        await page.getByRole('option', { name: 'تأكيد استلام الطلب' }).click();
        await preview.getByText('سيتواصل معكم فريقنا خلال ساعتين').waitFor();
        const bubble = await preview.innerText();
        expect(bubble).toContain('محمد العتيبي');
        expect(bubble).not.toContain('{{');
        expect(await preview.locator('[data-placeholder]').count()).toBe(6);
        // The host's link: a URL button under the bubble.
        expect(await preview.locator('[data-component="BUTTONS"]').innerText()).toContain('متابعة الطلب');
        await shotOf(card, `whatsapp-templates-card-preview-${viewport.width}`);

        // Template mode: turning it off asks first, then the stored setting follows; on again at once.
        const modeSwitch = card.locator('input[name="useTemplates"]');
        expect(await modeSwitch.isChecked()).toBe(true);
        await modeSwitch.click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'إيقاف القوالب' }).click();
        await page.getByText('تم إيقاف الإرسال بالقوالب').first().waitFor();
        await waitFor(async () => (await setting(db, 'whatsapp_use_templates')) === 'false', 10_000, 'template mode off in the database');
        await card.getByTestId('template-mode-state').getByText('متوقف', { exact: false }).waitFor();
        await dialog.waitFor({ state: 'detached' });
        await modeSwitch.click();
        await page.getByText('تم تفعيل الإرسال بالقوالب المعتمدة').first().waitFor();
        await waitFor(async () => (await setting(db, 'whatsapp_use_templates')) === 'true', 10_000, 'template mode on in the database');
        expect(await modeSwitch.isChecked()).toBe(true);
      }

      await quiet(page);
      await screenshot(page, `whatsapp-cards-dashboard-${viewport.width}`);
      await page.close();
      await restoreTemplates(db);
    });
  }
});

describe('administrator numbers set on the server (ADMIN_WHATSAPP_NUMBERS)', () => {
  let t: TestApp;
  let base: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: { REDIS_PREFIX: `${testState().redisPrefix}:whatsapp-cards-env`, ADMIN_WHATSAPP_NUMBERS: '+966501234567,+14155550123' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    token = (await signInAdmin(t.app)).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows them read-only with a note naming the variable (390 and 1280 px)', async () => {
    // One page, phone-sized first, then widened (the card's own screenshot at each width).
    const page = await openDashboard(browser, base, token, VIEWPORTS.phone);
    const card = page.locator(NUMBERS_CARD);
    await card.getByText('+966 50 123 4567').waitFor();
    await card.getByText('+14155550123').waitFor();
    expect(await card.getByTestId('admin-numbers-source').innerText()).toBe('من إعدادات الخادم');
    const note = await card.getByTestId('admin-numbers-environment').innerText();
    expect(note).toContain('إعدادات الخادم');
    expect(note).toContain('ADMIN_WHATSAPP_NUMBERS');
    expect(await card.locator('input[name="newAdminNumber"]').count()).toBe(0);
    expect(await card.getByRole('button', { name: /حذف الرقم/ }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'حفظ الأرقام' }).count()).toBe(0);
    await shotOf(card, `whatsapp-numbers-card-environment-${VIEWPORTS.phone.width}`);
    await page.setViewportSize(VIEWPORTS.desktop);
    await quiet(page);
    await shotOf(card, `whatsapp-numbers-card-environment-${VIEWPORTS.desktop.width}`);
    await page.close();
  });
});

describe('a real provider with no administrator number', () => {
  let t: TestApp;
  let double: TwilioDouble;
  let base: string;
  let token: string;

  beforeAll(async () => {
    double = await new TwilioDouble().start();
    t = await createTestApp({
      env: {
        REDIS_PREFIX: `${testState().redisPrefix}:whatsapp-cards-twilio`,
        WHATSAPP_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: double.accountSid,
        TWILIO_AUTH_TOKEN: double.authToken,
        TWILIO_FROM: 'whatsapp:+14155238886',
        TWILIO_BASE_URL: double.url,
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    await setAdminNumbers(t.app.get(DataSource), null);
    token = (await signInAdmin(t.app)).token;
  });
  afterAll(async () => {
    await t?.close();
    await double?.stop();
  });

  it('shows the empty list, and the broadcast says in Arabic that there is no administrator number', async () => {
    const page = await openDashboard(browser, base, token, VIEWPORTS.phone);
    await page.locator(NUMBERS_CARD).getByTestId('admin-numbers-empty').waitFor();
    const card = page.locator(TEST_CARD);
    await card.getByRole('button', { name: 'إرسال إلى جميع المشرفين' }).click();
    const error = card.getByTestId('whatsapp-test-broadcast-error');
    await error.waitFor();
    expect(await error.innerText()).toContain('لا توجد أرقام واتساب للمشرفين بعد');
    expect(double.messages).toHaveLength(0);
    await shotOf(page.locator(NUMBERS_CARD), 'whatsapp-numbers-card-empty-390');
    await shotOf(card, 'whatsapp-test-card-no-numbers-390');
    await page.close();
  });
});
