import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { DataSource } from 'typeorm';
import { signInAdmin } from '../support/admin-session';
import { axeViolations } from '../support/axe';
import { expectRows, launchChromium, quiet, screenshot, signedInPage, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';

/**
 * The volunteers resource «المتطوعون» in Chromium against the real server: the list with this month's
 * figures, adding a volunteer (the opt-in confirmed on the form), their page with deactivation, at 390
 * and 1280 px. The rules (fields, consent, history) are the service spec's and the integration test's.
 */
describe('volunteers screens', () => {
  let t: TestApp;
  let db: DataSource;
  let browser: Browser;
  let base: string;
  let token: string;
  let area: { value: string; name: string };
  const tag = `متطوع${Date.now() % 100000}`;

  beforeAll(async () => {
    t = await createTestApp({ env: { REDIS_PREFIX: `${testState().redisPrefix}:volunteers-e2e` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    token = (await signInAdmin(t.app, 'volunteers-e2e')).token;
    [area] = await db.query(`SELECT value, name FROM simple_areas WHERE is_active ORDER BY id LIMIT 1`);
    const auth = { Authorization: `Bearer ${token}` };
    const seeded = await t.http
      .post('/api/admin/volunteers')
      .set(auth)
      .send({ name: `${tag} أحمد الجهني`, whatsapp: '0551110001', areas: [area.value], vehicle: 'سيارة مبردة', consent: true })
      .expect(201);
    await t.http
      .post('/api/admin/volunteers')
      .set(auth)
      .send({ name: `${tag} بدر الرفاعي`, whatsapp: '0551110002', consent: true })
      .expect(201);
    await db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, organizer_name, organizer_phone,
                             status, weighed_kg, completed_at, volunteer_id)
       VALUES ('wedding', 150, now()::date, '23:00', 'حي الشاطئ، ينبع', 'custom', 'سارة', '0559990001', 'completed', 37.5, now(), $1)`,
      [seeded.body.id],
    );
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`lists the volunteers with their areas and this month's pickups, searchable, in Arabic (${size})`, async () => {
      const page = await signedInPage(browser, base, { token, username: 'volunteers-e2e' }, viewport, `/admin/volunteers`);
      await page.getByRole('heading', { name: 'المتطوعون', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: 'ابحث بالاسم أو رقم الجوال' }).fill(tag);
      const rows = page.getByTestId('volunteer-row');
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="volunteer-row"]').length === n, 2);
      await quiet(page);
      const first = await rows.first().innerText();
      expect(first).toContain(`${tag} أحمد الجهني`);
      expect(first).toContain(area.name);
      expect(first).toContain('سيارة مبردة');
      expect(first).toContain('1 استلام · 37.5 كجم');
      expect(first).toContain('+966 55 111 0001');
      expect(await rows.nth(1).innerText()).toContain('كل المناطق');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `volunteers-list-${viewport.width}`);
      if (size === 'desktop') await expectRows(page, [`${tag} أحمد الجهني`, `${tag} بدر الرفاعي`]);
      await page.close();
    });
  }

  it('adds a volunteer only with their opt-in confirmed, then shows their page and deactivates them (390 px)', async () => {
    const page = await signedInPage(browser, base, { token, username: 'volunteers-e2e' }, VIEWPORTS.phone, `/admin/volunteers/create`);
    await page.getByRole('heading', { name: 'إضافة متطوع', level: 1 }).waitFor();
    await page.getByLabel('الاسم').fill(`${tag} خالد المطيري`);
    await page.getByLabel('رقم واتساب').fill('0551110003');
    await page.getByLabel('المركبة').fill('سيارة صغيرة');
    let posted = 0;
    page.on('request', (r) => void (r.method() === 'POST' && r.url().endsWith('/api/admin/volunteers') && posted++));
    await page.getByRole('button', { name: 'حفظ' }).click();
    // Not sent without the consent: the form says why, in place.
    await page.getByText('لا يُسجَّل الرقم إلا بعد موافقة المتطوع على رسائل واتساب').waitFor();
    expect(posted).toBe(0);
    expect(await db.query(`SELECT 1 FROM volunteers WHERE whatsapp = '+966551110003'`)).toHaveLength(0);
    await quiet(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'volunteers-create-390');

    await page.getByLabel('أكّد المتطوع موافقته على هذا').check();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/volunteers') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'حفظ' }).click();
    expect((await saved).status()).toBe(201);
    await page.getByText('أُضيف المتطوع وسُجّلت موافقته').waitFor();
    await page.getByRole('heading', { name: `${tag} خالد المطيري`, level: 1 }).waitFor();
    await quiet(page);
    const card = await page.locator('dl').innerText();
    expect(card).toContain('تصله الرسائل');
    expect(card).toContain('كل المناطق');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'volunteers-show-390');

    const toggled = page.waitForResponse((r) => /\/api\/admin\/volunteers\/\d+$/.test(r.url()) && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'إيقاف التفعيل' }).click();
    expect((await toggled).status()).toBe(200);
    await page.getByRole('button', { name: 'إعادة التفعيل' }).waitFor();
    const [row] = await db.query(`SELECT active FROM volunteers WHERE whatsapp = '+966551110003'`);
    expect(row.active).toBe(false);
    await page.close();
  });

  it('shows a volunteer with history without a delete button, with the edit form at 1280 px', async () => {
    const [{ id }] = await db.query(`SELECT id FROM volunteers WHERE name = $1`, [`${tag} أحمد الجهني`]);
    const page = await signedInPage(
      browser,
      base,
      { token, username: 'volunteers-e2e' },
      VIEWPORTS.desktop,
      `/admin/volunteers/${id}/show`,
    );
    await page.getByText('لا يُحذف من له استلامات مسجّلة: أوقف تفعيله بدلاً من ذلك.').waitFor();
    expect(await page.getByRole('button', { name: 'حذف' }).count()).toBe(0);
    // «رابط جديد»: asked once more, then the new link is shown and sent on WhatsApp.
    await page.getByRole('button', { name: 'رابط جديد لصفحته' }).click();
    const issued = page.waitForResponse((r) => r.url().endsWith(`/api/admin/volunteers/${id}/new-link`));
    await page.getByRole('dialog', { name: 'إرسال رابط جديد؟' }).getByRole('button', { name: 'إرسال الرابط الجديد' }).click();
    expect((await issued).status()).toBe(200);
    await page.getByText('أُرسل الرابط الجديد إلى المتطوع على واتساب، وتوقف رابطه السابق').waitFor();
    expect(await page.getByLabel('رابط صفحته الجديد (لإرساله يدوياً عند الحاجة)').inputValue()).toMatch(/\/t\/[A-Za-z0-9_-]{43}$/);
    await quiet(page);
    await screenshot(page, 'volunteers-show-1280');
    await page.getByRole('link', { name: 'تعديل' }).click();
    await page.getByRole('heading', { name: 'تعديل بيانات المتطوع', level: 1 }).waitFor();
    await quiet(page);
    // The number is shown as people write it; unchanged, it needs no new consent.
    expect(await page.getByLabel('رقم واتساب').inputValue()).toBe('0551110001');
    expect(await page.getByLabel('أكّد المتطوع موافقته على هذا').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'volunteers-edit-1280');
    await page.close();
  });
});
