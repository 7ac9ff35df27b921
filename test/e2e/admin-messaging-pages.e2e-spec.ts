import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { ConsoleWhatsAppDriver } from '../../src/modules/messaging/providers/console-whatsapp.driver';
import { WHATSAPP_PROVIDER } from '../../src/modules/messaging/providers/whatsapp-provider';
import { signInAdmin } from '../support/admin-session';
import { launchChromium, screenshot, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/**
 * The auto-reply page and the quick-messages page in Chromium against the real server: nothing is
 * stubbed; the browser calls the API, the worker delivers through the console driver, and the test
 * checks what the database and the driver then hold.
 */

const AUTO_REPLY_DEFAULTS: Record<string, string> = {
  website: 'https://hifz.example.org',
  hours: 'على مدار أيام الأسبوع',
  area: 'ينبع ومراكزها',
  phone1: '0551234567',
  phone2: '0557654321',
};

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** Serious and critical axe-core violations on the page. */
async function axeViolations(page: Page): Promise<string[]> {
  // A tooltip left open by the last hover or focus, caught mid-fade, is not the page: close it first.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForFunction(() => !document.querySelector('.MuiTooltip-popper'), undefined, { timeout: 5_000 });
  await page.evaluate(readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }> }> };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

describe('auto-reply and quick-message pages against the real server', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;
  let driver: ConsoleWhatsAppDriver;
  let originalAutoReply: Array<{ key: string; value: string }> | undefined;

  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      // Its own Redis key space and a roomy limit: this file posts several inquiries within a minute.
      env: { REDIS_PREFIX: `${testState().redisPrefix}:messaging-pages`, RATE_LIMIT_QUICK_MESSAGES_PER_MINUTE: '1000' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    driver = t.app.get<ConsoleWhatsAppDriver>(WHATSAPP_PROVIDER);
    token = (await signInAdmin(t.app, 'messaging-pages-admin')).token;
    await db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'site_blocked'`);
    originalAutoReply = await db.query(`SELECT key, value FROM system_settings WHERE key LIKE 'auto_reply_%'`);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    // Later files in the run find the auto-reply as it was.
    for (const { key, value } of originalAutoReply ?? []) {
      await db?.query(`UPDATE system_settings SET value = $2 WHERE key = $1`, [key, value]);
    }
    await t?.close();
  });

  async function signedIn(viewport: { width: number; height: number }, path: string): Promise<Page> {
    const page = await browser.newPage({ viewport, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    await page.goto(base + '/admin/login', { waitUntil: 'networkidle' });
    await page.evaluate(
      ([tok, expiry]) => {
        localStorage.setItem('adminToken', tok);
        localStorage.setItem('adminUser', JSON.stringify({ username: 'messaging-pages-admin', role: 'admin' }));
        localStorage.setItem('tokenExpiry', expiry);
      },
      [token, new Date(Date.now() + 3_600_000).toISOString()],
    );
    await page.goto(base + path, { waitUntil: 'networkidle' });
    return page;
  }

  const setting = async (key: string): Promise<string> => {
    const [row] = await db.query(`SELECT value FROM system_settings WHERE key = $1`, [`auto_reply_${key}`]);
    return row?.value as string;
  };

  async function resetAutoReply(): Promise<void> {
    for (const [key, value] of Object.entries(AUTO_REPLY_DEFAULTS)) {
      await db.query(`UPDATE system_settings SET value = $2 WHERE key = $1`, [`auto_reply_${key}`, value]);
    }
  }

  /** Observes (does not answer) the page's saves of auto-reply variables. */
  function recordSaves(page: Page): Array<{ at: number; body: { key: string; value: string } }> {
    const saves: Array<{ at: number; body: { key: string; value: string } }> = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/admin/whatsapp/auto-response-variables')) {
        saves.push({ at: Date.now(), body: JSON.parse(request.postData() ?? '{}') as { key: string; value: string } });
      }
    });
    return saves;
  }

  describe('auto-reply (/admin/whatsapp-auto-response)', () => {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      it(`loads the stored values, saves each field 1 s after its last edit, previews live (${size})`, async () => {
        await resetAutoReply();
        const page = await signedIn(viewport, '/admin/whatsapp-auto-response');
        const saves = recordSaves(page);

        // The five fields hold the stored values.
        await page.locator('#auto-reply-website').waitFor();
        for (const [key, value] of Object.entries(AUTO_REPLY_DEFAULTS)) {
          expect(await page.locator(`#auto-reply-${key}`).inputValue()).toBe(value);
        }

        // The preview: the approved fixed text, protected, with the variables highlighted.
        const preview = page.getByTestId('auto-reply-preview');
        await preview.getByText('شكراً لتواصلكم معنا', { exact: false }).waitFor();
        expect(await preview.innerText()).toContain('لإيقاف الرسائل أرسل كلمة: إيقاف');
        expect(await preview.locator('[data-segment="fixed"]').count()).toBeGreaterThan(3);
        for (const [key, value] of Object.entries(AUTO_REPLY_DEFAULTS)) {
          expect(await preview.locator(`mark[data-variable="${key}"]`).innerText()).toBe(value);
        }
        await page.getByTestId('fixed-text-notice').getByText('النص الثابت محمي').waitFor();
        expect(await page.getByTestId('fixed-text-notice').innerText()).toContain('مزوّد خدمة واتساب');
        await screenshot(page, `admin-auto-reply-${viewport.width}`);
        expect(await axeViolations(page)).toEqual([]);

        // Typing: the preview follows every keystroke, the server hears once, about 1 s after the last one.
        const area = page.locator('#auto-reply-area');
        const newArea = size === 'phone' ? 'ينبع والعيص' : 'ينبع البحر والصناعية';
        await area.click();
        await area.press('Control+A');
        await area.pressSequentially(newArea, { delay: 70 });
        const lastKey = Date.now();
        expect(await preview.locator('mark[data-variable="area"]').innerText()).toBe(newArea);
        expect(saves).toHaveLength(0);
        expect(await setting('area')).toBe(AUTO_REPLY_DEFAULTS.area);
        await page.getByTestId('variable-area').getByText('سيُحفظ بعد لحظة…').waitFor();

        await waitFor(
          () => setting('area'),
          (v) => v === newArea,
          5000,
        );
        expect(saves).toHaveLength(1);
        expect(saves[0].body).toEqual({ key: 'area', value: newArea });
        expect(saves[0].at - lastKey).toBeGreaterThanOrEqual(800);
        await page.getByTestId('variable-area').getByText('تم الحفظ').waitFor();

        // Each field has its own timer: two fields edited together give one save each.
        await page.locator('#auto-reply-phone1').fill('0550001111');
        await page.locator('#auto-reply-hours').fill('من السبت إلى الخميس');
        await waitFor(
          () => Promise.all([setting('phone1'), setting('hours')]),
          ([p, h]) => p === '0550001111' && h === 'من السبت إلى الخميس',
        );
        expect(
          saves
            .slice(1)
            .map((s) => s.body.key)
            .sort(),
        ).toEqual(['hours', 'phone1']);

        // The server's Arabic error shows on the field; the next edit saves.
        await page.locator('#auto-reply-phone2').fill('');
        await page.getByTestId('variable-phone2').getByText('لم يُحفظ: قيمة المتغير مطلوبة').waitFor();
        expect(await page.getByTestId('variable-phone2').getAttribute('data-save-status')).toBe('failed');
        expect(await preview.locator('mark[data-variable="phone2"]').innerText()).toContain('رقم التواصل الثاني');
        expect(await setting('phone2')).toBe(AUTO_REPLY_DEFAULTS.phone2);
        if (size === 'phone') await screenshot(page, `admin-auto-reply-error-${viewport.width}`);
        await page.locator('#auto-reply-phone2').fill('0559998888');
        await waitFor(
          () => setting('phone2'),
          (v) => v === '0559998888',
        );

        // Leaving before the second is up still saves the edit.
        const website = size === 'phone' ? 'https://phone.hifz.example.org' : 'https://desk.hifz.example.org';
        await page.locator('#auto-reply-website').fill(website);
        if (size === 'desktop') {
          // In-app navigation: the page unmounts and sends what is waiting.
          await page.getByRole('menuitem', { name: 'لوحة التحكم' }).click();
          await page.waitForURL('**/admin/dashboard');
        } else {
          // A full page load: the page is hidden and sends with keepalive.
          await page.goto(base + '/admin/quick-messages');
        }
        await waitFor(
          () => setting('website'),
          (v) => v === website,
          5000,
        );
        await page.close();
      });

      it(`shows the same page at /admin/auto-response-management (${size})`, async () => {
        await resetAutoReply();
        const page = await signedIn(viewport, '/admin/auto-response-management');
        await page.getByRole('heading', { name: 'الرد الآلي على واتساب', level: 1 }).waitFor();
        await page.locator('#auto-reply-area').waitFor();
        expect(await page.locator('#auto-reply-area').inputValue()).toBe(AUTO_REPLY_DEFAULTS.area);
        expect(await page.getByTestId('auto-reply-preview').innerText()).toContain(AUTO_REPLY_DEFAULTS.area);
        await page.close();
      });
    }
  });

  describe('quick messages (/admin/quick-messages)', () => {
    /** A visitor's inquiry through the public form's call. */
    async function postInquiry(senderPhone: string, originalMessage: string, senderName = 'زائر الموقع'): Promise<number> {
      const res = await t.http.post('/api/quick-messages').send({ senderName, senderPhone, originalMessage }).expect(201);
      return res.body.id as number;
    }
    const statusOf = async (id: number) => (await db.query(`SELECT * FROM quick_messages WHERE id = $1`, [id]))[0];
    const statValue = (page: Page, key: string) => page.getByTestId(`stat-${key}-value`).innerText();
    const card = (page: Page, id: number) => page.locator(`[data-testid="quick-message"][data-id="${id}"]`);

    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      it(`lists inquiries with stats; reply, resend, delete and bulk delete work (${size})`, async () => {
        await db.query(`DELETE FROM quick_messages`);

        // Empty state.
        const page = await signedIn(viewport, '/admin/quick-messages');
        await page.getByTestId('quick-messages-empty').getByText('لا توجد رسائل سريعة بعد').waitFor();
        expect(await statValue(page, 'total')).toBe('0');
        await screenshot(page, `admin-quick-messages-empty-${viewport.width}`);
        expect(await axeViolations(page)).toEqual([]);

        // Inquiries through the public call; one is linked to the sender's active request.
        const n = size === 'phone' ? '1' : '2';
        const phones = { plain: `05611${n}0001`, linked: `05611${n}0002`, failed: `05611${n}0003` };
        const [request] = await db.query(
          `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone, status)
           VALUES ('wedding', 80, '2026-01-01', '22:00', 'ينبع', 'custom', 'منظم الحفل', $1, 'received') RETURNING id`,
          [phones.linked],
        );
        const plain = await postInquiry(phones.plain, 'أرغب في التطوع مع الجمعية في نهاية الأسبوع', 'سارة');
        const linked = await postInquiry(phones.linked, 'متى تصلون لاستلام الطعام من القاعة؟', 'منظم الحفل');
        const failed = await postInquiry(phones.failed, 'هل تقبلون التبرعات العينية؟', 'خالد');
        // The worker sends the acknowledgements; one is then recorded as failed, and one more
        // failed inquiry has a number that cannot receive WhatsApp.
        await waitFor(
          () => Promise.all([plain, linked, failed].map(statusOf)),
          (rows) => rows.every((r) => r.status === 'sent'),
        );
        await db.query(`UPDATE quick_messages SET status = 'failed', error_message = 'تعذر الوصول إلى الرقم' WHERE id = $1`, [failed]);
        const [broken] = await db.query(
          `INSERT INTO quick_messages (sender_name, sender_phone, inquiry_type, inquiry_subject, original_message, status, error_message)
           VALUES ('رقم قديم', '0312345678', 'استفسار عام', 'أخرى', 'رسالة من رقم أرضي', 'failed', 'الرقم ليس على واتساب') RETURNING id`,
        );

        // The app bar's refresh button reloads the list.
        await page.getByRole('button', { name: 'تحديث البيانات' }).click();
        await card(page, plain).waitFor();
        expect(await page.getByTestId('quick-message').count()).toBe(4);
        expect(await statValue(page, 'total')).toBe('4');
        expect(await statValue(page, 'sent')).toBe('2');
        expect(await statValue(page, 'failed')).toBe('2');
        expect(await statValue(page, 'pending')).toBe('0');

        // Each item: number, request link or none, LTR phone, ar-SA date, message, status badge.
        expect(await card(page, linked).getByTestId('request-number').innerText()).toContain(`#${request.id}`);
        expect(await card(page, plain).getByTestId('request-number').innerText()).toBe('غير مرتبط بطلب');
        const phone = card(page, plain).getByTestId('phone');
        expect(await phone.innerText()).toBe(`+966 56 11${n} 0001`);
        expect(await phone.locator('bdi').getAttribute('dir')).toBe('ltr');
        expect(await phone.getAttribute('href')).toBe(`tel:+9665611${n}0001`);
        expect(await card(page, plain).getByTestId('date').innerText()).toMatch(
          /^\d{1,2} \S+ \d{4}م \(\d{1,2} .+ \d{4}هـ\)\s-\s\d{2}:\d{2}$/,
        );
        expect(await card(page, plain).getByTestId('original-message').innerText()).toBe('أرغب في التطوع مع الجمعية في نهاية الأسبوع');
        expect(await card(page, plain).getByTestId('delivery-status').innerText()).toBe('تم الإرسال');
        expect(await card(page, failed).getByTestId('delivery-status').innerText()).toBe('فشل الإرسال');
        // Resend only on failed items.
        expect(await card(page, plain).getByRole('button', { name: 'إعادة الإرسال' }).count()).toBe(0);
        expect(await card(page, failed).getByRole('button', { name: 'إعادة الإرسال' }).count()).toBe(1);
        await screenshot(page, `admin-quick-messages-${viewport.width}`);
        expect(await axeViolations(page)).toEqual([]);

        // Reply: the box says it goes through an approved template; the driver receives it; the badge follows.
        const before = new Set(driver.recent().map((m) => m.id)); // ids, not a count: the driver keeps only its latest 200
        await card(page, plain).getByRole('button', { name: 'رد', exact: true }).click();
        await card(page, plain).getByText('بقالب رسائل معتمد', { exact: false }).waitFor();
        const replyText = `أهلاً سارة، يسعدنا انضمامك. سنتواصل معك قريباً (${size}).`;
        await card(page, plain).getByLabel('نص الرد').fill(replyText);
        if (size === 'phone') {
          // Back to the top and past the box's opening animation, so the full-page picture is clean.
          await page.evaluate(() => window.scrollTo(0, 0));
          await page.waitForTimeout(500);
          await screenshot(page, `admin-quick-messages-reply-${viewport.width}`);
        }
        await card(page, plain).getByRole('button', { name: 'إرسال الرد' }).click();
        const sent = await waitFor(
          async () =>
            driver
              .recent()
              .filter((m) => !before.has(m.id))
              .find((m) => m.templateKey === 'customMessage'),
          (m) => m !== undefined,
        );
        expect(sent!.to).toContain(`+9665611${n}0001`);
        expect(sent!.text).toContain(replyText);
        await card(page, plain).getByTestId('reply-status').getByText('تم إرسال الرد').waitFor();
        expect(await card(page, plain).getByTestId('admin-reply').innerText()).toContain(replyText);
        expect(await statusOf(plain)).toMatchObject({ admin_reply: replyText, reply_status: 'sent' });

        // Resend of a failed acknowledgement: queued again, delivered, badge updated.
        const beforeResend = new Set(driver.recent().map((m) => m.id)); // ids, not a count: the driver keeps only its latest 200
        await card(page, failed).getByRole('button', { name: 'إعادة الإرسال' }).click();
        await waitFor(
          () => statusOf(failed),
          (r) => r.status === 'sent',
        );
        const ack = driver
          .recent()
          .filter((m) => !beforeResend.has(m.id))
          .find((m) => m.templateKey === 'inquiryReceived');
        expect(ack?.to).toContain(`+9665611${n}0003`);
        await card(page, failed).getByTestId('delivery-status').getByText('تم الإرسال').waitFor();
        expect(await card(page, failed).getByRole('button', { name: 'إعادة الإرسال' }).count()).toBe(0);

        // A resend the server refuses shows the server's message.
        await card(page, broken.id).getByRole('button', { name: 'إعادة الإرسال' }).click();
        await page.getByText('رقم جوال المرسل غير صالح للإرسال عبر واتساب').first().waitFor();
        expect((await statusOf(broken.id)).status).toBe('failed');

        // Single delete, after a confirmation naming the item.
        await card(page, linked).getByRole('button', { name: 'حذف', exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText(`حذف الاستفسار رقم ${linked}`).waitFor();
        await dialog.getByRole('button', { name: 'حذف', exact: true }).click();
        await card(page, linked).waitFor({ state: 'detached' });
        expect(await statusOf(linked)).toBeUndefined();

        // Select all, then delete the selection.
        await page.getByLabel('تحديد الكل', { exact: true }).check();
        const bulk = page.getByRole('button', { name: 'حذف المحدد (3)' });
        await bulk.click();
        await page.getByRole('dialog').getByText('ستُحذف 3 رسائل محددة نهائيًا', { exact: false }).waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'حذف', exact: true }).click();
        await page.getByTestId('quick-messages-empty').waitFor();
        const left = await db.query(`SELECT id FROM quick_messages WHERE id = ANY($1)`, [[plain, failed, broken.id]]);
        expect(left).toEqual([]);
        expect(await statValue(page, 'total')).toBe('0');
        await page.close();
      });
    }

    it('shows «غير متاح» for an inquiry without a date', async () => {
      await db.query(`DELETE FROM quick_messages`);
      // created_at is NOT NULL in the schema; the page must still cope with a missing date, so the
      // constraint is lifted for this one row and put back afterwards.
      await db.query(`ALTER TABLE quick_messages ALTER COLUMN created_at DROP NOT NULL`);
      try {
        const [row] = await db.query(
          `INSERT INTO quick_messages (sender_name, sender_phone, inquiry_type, inquiry_subject, original_message, status, created_at)
           VALUES ('بلا تاريخ', '0561239999', 'استفسار عام', 'أخرى', 'رسالة بلا تاريخ', 'pending', NULL) RETURNING id`,
        );
        const page = await signedIn(VIEWPORTS.phone, '/admin/quick-messages');
        await card(page, row.id).waitFor();
        expect(await card(page, row.id).getByTestId('date').innerText()).toBe('غير متاح');
        expect(await statValue(page, 'pending')).toBe('1');
        expect(await card(page, row.id).getByTestId('delivery-status').innerText()).toBe('قيد المعالجة');
        expect(await axeViolations(page)).toEqual([]);
        await page.close();
      } finally {
        await db.query(`DELETE FROM quick_messages WHERE created_at IS NULL`);
        await db.query(`ALTER TABLE quick_messages ALTER COLUMN created_at SET NOT NULL`);
      }
    });
  });
});
