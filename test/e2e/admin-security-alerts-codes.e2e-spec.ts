import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { ConsoleWhatsAppDriver } from '../../src/modules/messaging/providers/console-whatsapp.driver';
import { signInAdmin } from '../support/admin-session';
import { screenshot, VIEWPORTS, quiet } from '../support/browser';
import { ENGLISH, fitsWidth, RAW_CODES, SecurityLists } from '../support/security-lists';
import { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

/**
 * The security alerts list with its resolve action, the emergency codes panel and page, and emergency access (to a
 * dashboard without the codes panel), in Chromium.
 */
describe('administrator security alerts, emergency codes and emergency access', () => {
  let lists: SecurityLists;
  let t: TestApp;
  let db: DataSource;
  let driver: ConsoleWhatsAppDriver;
  let base: string;

  beforeAll(async () => {
    lists = await SecurityLists.start('security-lists-alerts');
    ({ t, db, driver, base } = lists);
  });
  afterAll(async () => {
    await lists?.close();
  });

  const seenIds = () => new Set(driver.recent().map((m) => m.id));

  /** Two frames drawn: what a resize changed (media queries and the renders they cause) is on screen. */
  const framesDrawn = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

  /** A screenshot of a login-page screen (outside the admin's layout) at the other width too (resized, then back). */
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
  const verifyToken = (token: string | null) => t.http.get('/api/auth/verify').set('authorization', `Bearer ${token ?? ''}`);

  // Worked through at 390 px; the list is pictured at 1280 px in a desktop tab.
  {
    const [size, viewport] = ['phone', VIEWPORTS.phone] as const;
    it(`opens the alerts list on the open alerts, resolves one there and finds it among the resolved (${size}; both widths pictured)`, async () => {
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
      const page = await lists.newPage(viewport);
      await lists.signedIn(page, 'lists-viewer', '/admin/security-alerts');
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

      // At 1280 px: the open alerts, then all of them, most serious first.
      const wide = await lists.newPage(VIEWPORTS.desktop);
      await lists.signedIn(wide, 'lists-viewer', '/admin/security-alerts');
      const wideMine = wide.getByTestId('security-alert').filter({ hasText: `تنبيه القائمة ${size}` });
      await wideMine.nth(1).waitFor();
      expect(await wide.locator('main').innerText()).not.toMatch(ENGLISH);
      await screenshot(wide, 'admin-security-alerts-1280');
      await wide.getByRole('button', { name: 'الكل', exact: true }).click();
      await wideMine.nth(2).waitFor();
      await wide.getByLabel('الترتيب', { exact: true }).click();
      await Promise.all([
        wide.waitForResponse((r) => r.url().includes('/api/security/alerts') && decodeURIComponent(r.url()).includes('"severity","DESC"')),
        wide.getByRole('option', { name: 'الأخطر أولًا' }).click(),
      ]);
      await wide.getByTestId('security-alert').first().getByText('الخطورة: عالية').waitFor();
      await screenshot(wide, 'admin-security-alerts-all-1280');
      await wide.close();
      await db.query(`DELETE FROM security_alerts WHERE username = $1`, [username]);
    });
  }

  // Worked through at 390 px; at 1280 px a desktop tab creates a code (the dialog, the code shown once,
  // the panel) and opens the codes page, for their pictures.
  {
    const [size, viewport] = ['phone', VIEWPORTS.phone] as const;
    it(`lists emergency codes in the settings panel and on their page, and creates one shown in full once (${size}; both widths pictured)`, async () => {
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
      // The generated code's mask can match another code's by chance: its row is found with its question too.
      const question = `ما اسم أول مدرسة في ${size === 'phone' ? 'ينبع' : 'جدة'}؟`;

      const page = await lists.newPage(viewport);
      await lists.signedIn(page, `codes-panel-${size}`, '/admin/main');
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
      await dialog.locator('input[name="securityQuestion"]').fill(question);
      await dialog.locator('input[name="securityAnswer"]').fill('الفيصلية');
      await screenshot(page, `admin-emergency-code-create-${viewport.width}`);
      await dialog.getByRole('button', { name: 'إنشاء الرمز' }).click();
      await page.getByTestId('full-emergency-code').getByText(regenerated).waitFor();
      await screenshot(page, `admin-emergency-code-shown-${viewport.width}`);
      await page.getByRole('button', { name: 'حفظت الرمز' }).click();
      await rows
        .first()
        .filter({ hasText: masked(regenerated) })
        .filter({ hasText: question })
        .waitFor();
      expect(await page.locator('body').innerText()).not.toContain(regenerated);
      const stored = (await db.query(`SELECT master_code, security_answer FROM emergency_access_codes`)) as Array<Record<string, string>>;
      expect(JSON.stringify(stored)).not.toContain(regenerated);
      expect(JSON.stringify(stored)).not.toContain('الفيصلية');
      const asked = await t.http.post('/api/auth/emergency-question').send({ masterCode: regenerated }).expect(200);
      expect(asked.body).toEqual({ isActive: true, securityQuestion: question });
      if (viewport.width < 600) expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `admin-settings-emergency-codes-${viewport.width}`);

      // The full page: every code, and the stopped ones on their own.
      await panel.getByRole('link', { name: 'عرض كل الرموز' }).click();
      await page.waitForURL('**/admin/emergency-codes');
      await page.getByRole('heading', { level: 1, name: 'رموز الدخول الطارئ' }).waitFor();
      const all = page.getByTestId('emergency-code-row');
      await all
        .filter({ hasText: masked(regenerated) })
        .filter({ hasText: question })
        .waitFor();
      expect(await all.count()).toBeGreaterThanOrEqual(7);
      await page.getByRole('button', { name: 'الموقوفة', exact: true }).click();
      await all.filter({ hasText: masked(codes[5]) }).waitFor({ state: 'detached' });
      await all.filter({ hasText: masked(codes[0]) }).waitFor();
      const stopped = await all.allInnerTexts();
      expect(stopped.every((r) => r.includes('موقوف'))).toBe(true);

      // Activate, stop (after a confirmation) and delete (after a confirmation): the dataProvider's
      // update (PATCH) and delete, each with its toast, and the list read again (the filter applies).
      const first = all.filter({ hasText: masked(codes[0]) });
      await first.getByRole('button', { name: 'تفعيل', exact: true }).click();
      await page.getByText('تم تحديث الرمز').first().waitFor();
      await first.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'الكل', exact: true }).click();
      await first.filter({ hasText: 'مفعّل' }).waitFor();
      await first.getByRole('button', { name: 'إيقاف', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'إيقاف', exact: true }).click();
      await first.filter({ hasText: 'موقوف' }).waitFor();
      await first.getByRole('button', { name: 'حذف', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'حذف', exact: true }).click();
      await page.getByText('تم حذف الرمز').waitFor();
      await first.waitFor({ state: 'detached' });
      expect(await db.query(`SELECT id FROM emergency_access_codes WHERE id = $1`, [ids[0]])).toEqual([]);
      expect(await page.locator('main').innerText()).not.toMatch(ENGLISH);
      if (viewport.width < 600) expect(await fitsWidth(page)).toBe(true);
      await screenshot(page, `admin-emergency-codes-${viewport.width}`);
      await page.close();

      const wide = await lists.newPage(VIEWPORTS.desktop);
      await lists.signedIn(wide, `codes-panel-${size}`, '/admin/main');
      const widePanel = wide.locator('section[aria-labelledby="emergency-codes-title"]');
      await widePanel.getByTestId('emergency-code-row').first().waitFor();
      await widePanel.getByRole('button', { name: 'إنشاء رمز جديد' }).click();
      const wideDialog = wide.getByRole('dialog');
      const wideCode = await wideDialog.getByLabel('رمز الطوارئ').inputValue();
      const wideQuestion = 'ما اسم أول مدرسة في المدينة؟';
      await wideDialog.locator('input[name="securityQuestion"]').fill(wideQuestion);
      await wideDialog.locator('input[name="securityAnswer"]').fill('الفيصلية');
      await screenshot(wide, 'admin-emergency-code-create-1280');
      await wideDialog.getByRole('button', { name: 'إنشاء الرمز' }).click();
      await wide.getByTestId('full-emergency-code').getByText(wideCode).waitFor();
      await screenshot(wide, 'admin-emergency-code-shown-1280');
      await wide.getByRole('button', { name: 'حفظت الرمز' }).click();
      await widePanel
        .getByTestId('emergency-code-row')
        .first()
        .filter({ hasText: masked(wideCode) })
        .filter({ hasText: wideQuestion })
        .waitFor();
      await screenshot(wide, 'admin-settings-emergency-codes-1280');
      await widePanel.getByRole('link', { name: 'عرض كل الرموز' }).click();
      await wide.getByRole('heading', { level: 1, name: 'رموز الدخول الطارئ' }).waitFor();
      await wide
        .getByTestId('emergency-code-row')
        .filter({ hasText: masked(wideCode) })
        .waitFor();
      expect(await wide.locator('main').innerText()).not.toMatch(ENGLISH);
      await screenshot(wide, 'admin-emergency-codes-1280');
      await wide.close();
    });
  }

  // At 390 px; the login page's two emergency steps are pictured at 1280 px too (resized).
  {
    const [size, viewport] = ['phone', VIEWPORTS.phone] as const;
    it(`opens a one-hour session through emergency access on a dashboard without the codes panel, and alerts the administrators (${size}; the steps at both widths)`, async () => {
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
      const page = await lists.newPage(viewport);
      await page.goto(base + '/admin/login');
      await quiet(page);
      await page.getByRole('button', { name: 'الدخول الطارئ' }).click();
      await page.getByRole('button', { name: 'متابعة' }).click();
      await page.getByText('يرجى إدخال رمز الطوارئ').waitFor();

      // An inactive code never reaches the question step.
      await page.getByLabel('رمز الطوارئ').fill(inactive.toLowerCase());
      await page.getByRole('button', { name: 'متابعة' }).click();
      await page.getByText('رمز الطوارئ غير مفعّل حاليًا').waitFor();
      expect(await page.getByLabel('إجابة سؤال الأمان').count()).toBe(0);
      await bothWidths(page, 'admin-emergency-code');

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
      await bothWidths(page, 'admin-emergency-question');

      // The answer is compared after trimming and case folding.
      await page.getByLabel('إجابة سؤال الأمان').fill('  الفيصلية ');
      await page.getByRole('button', { name: 'الدخول', exact: true }).click();
      await page.waitForURL('**/admin/dashboard');
      // The admin says, once it has opened, that the session lasts one hour.
      await page.getByText('تم الدخول الطارئ، والجلسة صالحة لمدة ساعة واحدة').waitFor();
      // The dashboard has no emergency codes panel (spec: it belongs to the settings page; the codes have
      // their own list): none in the page's content, once its last card is there (the side menu aside).
      const content = page.locator('#main-content');
      await content.getByRole('heading', { name: 'بطاقات الحوكمة', exact: true }).waitFor();
      expect(await page.locator('section[aria-labelledby="emergency-codes-title"]').count()).toBe(0);
      expect(await content.getByText('رموز الدخول الطارئ').count()).toBe(0);
      expect(await content.getByRole('button', { name: 'إنشاء رمز جديد' }).count()).toBe(0);
      expect(await content.getByTestId('emergency-code-row').count()).toBe(0);
      const token = await page.evaluate(() => localStorage.getItem('adminToken'));
      const verify = await verifyToken(token).expect(200);
      // One hour on the server's clock (the test's clock stands still).
      expect(Date.parse(verify.body.expiresAt as string) - t.clock.now().getTime()).toBe(60 * 60_000);

      // Every administrator hears about it on WhatsApp, and the code's use is recorded.
      await waitFor(
        () => driver.recent().some((m) => !seen.has(m.id) && m.templateKey === 'securityAlert'),
        10_000,
        'the securityAlert message',
      );
      const [used] = (await db.query(`SELECT usage_count FROM emergency_access_codes WHERE id = $1`, [ids[0]])) as Array<{
        usage_count: number;
      }>;
      expect(used.usage_count).toBe(1);
      await page.close();
    });
  }
});
