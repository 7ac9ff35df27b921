import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { axeViolations } from '../support/axe';
import { launchChromium, openSignedIn, quiet, screenshot, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';
import { waitUntil } from '../support/wait-for';

/** The auto-reply page in Chromium against the real server: what it saves is read back from the database. */

const AUTO_REPLY_DEFAULTS: Record<string, string> = {
  website: 'https://hifz.example.org',
  hours: 'على مدار أيام الأسبوع',
  area: 'ينبع ومراكزها',
  phone1: '0551234567',
  phone2: '0557654321',
};

describe('auto-reply page against the real server', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let token: string;
  let originalAutoReply: Array<{ key: string; value: string }> | undefined;

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:messaging-pages` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
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
    return openSignedIn(page, base, { token, username: 'messaging-pages-admin' }, path);
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
    // The save timing rules (1 s after the last edit, a timer per field, the newest value, the flush on
    // leaving) are autosave.spec's (admin-ui); the preview's text is autoReplyPreview.spec's. Here: one
    // real typing walk at 1280 px, the field error at 390 px, and both ways of leaving.
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      it(`loads the stored values, saves each field after its last edit, previews live (${size})`, async () => {
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

        if (size === 'desktop') {
          // Typing: the preview follows every keystroke, the server hears once, about 1 s after the last one.
          const area = page.locator('#auto-reply-area');
          const newArea = 'ينبع البحر والصناعية';
          await area.click();
          await area.press('Control+A');
          await area.pressSequentially(newArea, { delay: 70 });
          const lastKey = Date.now();
          expect(await preview.locator('mark[data-variable="area"]').innerText()).toBe(newArea);
          expect(saves).toHaveLength(0);
          expect(await setting('area')).toBe(AUTO_REPLY_DEFAULTS.area);
          await page.getByTestId('variable-area').getByText('سيُحفظ بعد لحظة…').waitFor();

          await waitUntil(
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
          await waitUntil(
            () => Promise.all([setting('phone1'), setting('hours')]),
            ([p, h]) => p === '0550001111' && h === 'من السبت إلى الخميس',
          );
          expect(
            saves
              .slice(1)
              .map((s) => s.body.key)
              .sort(),
          ).toEqual(['hours', 'phone1']);
        } else {
          // The server's Arabic error shows on the field; the next edit saves.
          await page.locator('#auto-reply-phone2').fill('');
          await page.getByTestId('variable-phone2').getByText('لم يُحفظ: قيمة المتغير مطلوبة').waitFor();
          // The spec's toast, naming the field and the server's reason.
          await page.getByText('فشل في حفظ المتغير «رقم التواصل الثاني»: قيمة المتغير مطلوبة').waitFor();
          expect(await page.getByTestId('variable-phone2').getAttribute('data-save-status')).toBe('failed');
          expect(await preview.locator('mark[data-variable="phone2"]').innerText()).toContain('رقم التواصل الثاني');
          expect(await setting('phone2')).toBe(AUTO_REPLY_DEFAULTS.phone2);
          await screenshot(page, `admin-auto-reply-error-${viewport.width}`);
          await page.locator('#auto-reply-phone2').fill('0559998888');
          await waitUntil(
            () => setting('phone2'),
            (v) => v === '0559998888',
          );
          await page.getByTestId('variable-phone2').getByText('تم الحفظ').waitFor();
        }

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
        await waitUntil(
          () => setting('website'),
          (v) => v === website,
          5000,
        );

        if (size === 'desktop') {
          // The same page at /admin/auto-response-management (reached inside the app), with the stored values.
          await page.evaluate(() => {
            history.pushState(null, '', '/admin/auto-response-management');
            dispatchEvent(new PopStateEvent('popstate'));
          });
          await quiet(page);
          await page.getByRole('heading', { name: 'الرد الآلي على واتساب', level: 1 }).waitFor();
          await page.locator('#auto-reply-area').waitFor();
          expect(await page.locator('#auto-reply-website').inputValue()).toBe(website);
          expect(await page.locator('#auto-reply-area').inputValue()).toBe('ينبع البحر والصناعية');
          expect(await page.getByTestId('auto-reply-preview').innerText()).toContain('ينبع البحر والصناعية');
        }
        await page.close();
      });
    }
  });
});
