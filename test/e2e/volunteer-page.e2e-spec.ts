import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { VolunteerLinks } from '../../src/modules/volunteers/page/volunteer-links';
import { riyadhDateString } from '../../src/shared/time';
import { signInAdmin } from '../support/admin-session';
import { quiet, screenshot, screenshotOf, VIEWPORTS } from '../support/browser';
import { axeViolations, PublicSite } from '../support/public-site';

// The volunteer's own page (/t/:token) in Chromium at 390 px (and 1280 px): their pickups in deadline
// order, «في الطريق», «تم الاستلام» with the weighed kilograms and the three checks, «لم يتم الاستلام»
// with a reason, actions kept with no connection and sent when it returns, a pickup closed behind the page (409 shown on the card), no pickups, and a dead link.
// One page throughout: each step waits on the server's answer or on the DOM.

const CHARITY_PHONE = '0143221100';

describe("the volunteer's own page (/t/:token)", () => {
  let site: PublicSite;
  let page: Page;
  let phoneBefore = '';
  let token = '';
  let idleToken = '';
  const ids = { early: 0, late: 0, closed: 0, offline: 0 };
  let phoneSeq = 0;

  async function volunteer(name: string, auth: { authorization: string }): Promise<{ id: number; token: string }> {
    const whatsapp = `+96655${String(4_800_000 + ++phoneSeq + (Date.now() % 100_000) * 10).padStart(7, '0')}`;
    const res = await site.t.http.post('/api/admin/volunteers').set(auth).send({ name, whatsapp, consent: true });
    expect(res.status).toBe(201);
    const [row] = await site.db.query(`SELECT link_salt FROM volunteers WHERE id = $1`, [res.body.id]);
    return { id: res.body.id, token: site.t.app.get(VolunteerLinks).tokenOf(row.link_salt) };
  }

  /** A confirmed request for today (Riyadh), assigned to the volunteer. */
  async function pickup(volunteerId: number, endTime: string, notes: string | null): Promise<number> {
    const [row] = await site.db.query(
      `INSERT INTO requests (event_type, attendee_count, event_date, end_time, full_address, location_type, important_place, landmarks,
         organizer_name, organizer_phone, food_types, status, whatsapp_opt_in, volunteer_id, additional_notes)
       VALUES ('wedding', 180, $1, $2, 'حي الشرم، شارع الأمير عبدالمجيد، مبنى 9، ينبع', 'custom', NULL, 'بجانب مسجد الشرم، البوابة الخلفية',
         'محمد بن سعد العتيبي', '0551230001', '{rice_meat,sweets}', 'confirmed', true, $3, $4) RETURNING id`,
      [riyadhDateString(site.t.clock.now()), endTime, volunteerId, notes],
    );
    return row.id;
  }

  const card = (id: number): Locator => page.locator('.vcard', { has: page.getByRole('heading', { name: new RegExp(`#${id}(\\D|$)`) }) });
  const action = (id: number, kind: string) =>
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/pickups/${id}/${kind}`));
  const liveText = () => page.locator('.vpage-live').innerText();

  beforeAll(async () => {
    site = await PublicSite.start('volunteer-page-e2e');
    [{ value: phoneBefore }] = await site.db.query(`SELECT value FROM content_settings WHERE key = 'contact_phone'`);
    await site.db.query(`UPDATE content_settings SET value = $1 WHERE key = 'contact_phone'`, [CHARITY_PHONE]);
    const { token: admin } = await signInAdmin(site.t.app, 'volunteer-page-e2e-admin');
    const auth = { authorization: `Bearer ${admin}` };
    const me = await volunteer('خالد بن فهد الحربي', auth);
    token = me.token;
    idleToken = (await volunteer('سعد بلا استلامات', auth)).token;
    ids.late = await pickup(me.id, '23:30', null);
    ids.early = await pickup(me.id, '21:00', 'الدخول من البوابة الخلفية، واسأل عن أبو سعد');
    ids.closed = await pickup(me.id, '23:45', null);
    ids.offline = await pickup(me.id, '23:50', null);
    const context = await site.newContext(VIEWPORTS.phone);
    page = await context.newPage();
  });
  afterAll(async () => {
    if (site) await site.db.query(`UPDATE content_settings SET value = $1 WHERE key = 'contact_phone'`, [phoneBefore]);
    await site?.close();
  });

  it('shows the greeting and the pickups in deadline order at 390 px, with the map, call and WhatsApp links', async () => {
    const response = await page.goto(`${site.base}/t/${token}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'أهلاً خالد' }).waitFor();
    await quiet(page);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const titles = await page.locator('.vcard__title').allInnerTexts();
    expect(titles.map((t) => Number(/#(\d+)/.exec(t)?.[1]))).toEqual([ids.early, ids.late, ids.closed, ids.offline]);

    const first = card(ids.early);
    const text = await first.innerText();
    for (const part of ['حفل زواج', 'مؤكد', 'آخر موعد للاستلام', 'بجانب مسجد الشرم', 'محمد', 'أبو سعد', '180', '21:00', 'هـ'])
      expect(text).toContain(part);
    const map = first.getByRole('link', { name: /فتح الخريطة/ });
    expect(await map.getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);
    expect(await map.getAttribute('target')).toBe('_blank');
    expect(await first.getByRole('link', { name: 'اتصال بـمحمد' }).getAttribute('href')).toBe('tel:+966551230001');
    expect(await first.getByRole('link', { name: 'مراسلة محمد على واتساب' }).getAttribute('href')).toBe('https://wa.me/966551230001');
    expect(await page.locator('.vpage a[href="tel:+966143221100"]').count()).toBe(1);
    // One primary action per card, and no phone-number-only English anywhere.
    expect(await first.getByRole('button').allInnerTexts()).toEqual(['في الطريق']);
    expect(await page.locator('#main-content').innerText()).not.toMatch(/[A-Za-z]{3,}/);

    // Nothing wider than the phone; every control a 44 px target at least.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const small = await page
      .locator('.vpage a, .vpage button')
      .evaluateAll((els) => els.map((el) => [el.textContent, el.getBoundingClientRect().height] as const).filter(([, h]) => h < 44));
    expect(small).toEqual([]);
    await screenshot(page, 'volunteer-page-390');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('«في الطريق» updates the card from the answer and announces it', async () => {
    const first = card(ids.early);
    const answered = action(ids.early, 'on-the-way');
    await first.getByRole('button', { name: 'في الطريق' }).click();
    expect((await answered).status()).toBe(200);
    await first.getByRole('button', { name: 'تم الاستلام من المناسبة' }).waitFor();
    await first.getByRole('button', { name: 'لم يتم الاستلام' }).waitFor();
    // The focus follows to the next step's button (the pressed one is gone).
    await page.waitForFunction(() => document.activeElement?.textContent === 'تم الاستلام من المناسبة');
    expect(await first.innerText()).toContain('في الطريق منذ الساعة');
    expect(await liveText()).toContain(`سُجّل أنك في الطريق إلى الطلب رقم ${ids.early}`);
    const [row] = await site.db.query(`SELECT on_the_way_at FROM volunteer_pickups WHERE request_id = $1`, [ids.early]);
    expect(row.on_the_way_at).not.toBeNull();
  });

  it('«تم الاستلام» checks the form first, then completes the request with the weighed kilograms (Arabic-Indic digits)', async () => {
    const first = card(ids.early);
    await first.getByRole('button', { name: 'تم الاستلام من المناسبة' }).click();
    const form = first.getByRole('form', { name: /تسجيل الاستلام/ });
    await form.waitFor();
    // Opened with the kilograms field focused (the numeric keypad ready).
    await page.waitForFunction(() => document.activeElement?.getAttribute('inputmode') === 'decimal');
    // Sent empty: the two errors in place, nothing sent.
    await form.getByRole('button', { name: 'تأكيد الاستلام' }).click();
    await form.getByText('اكتب الوزن الفعلي بالكيلوجرام', { exact: true }).waitFor();
    await form.getByText('أكّد فحوص سلامة الغذاء الثلاثة (نعم أو لا لكل منها)').waitFor();
    const kg = form.getByLabel('الوزن الفعلي بالكيلوجرام');
    expect(await kg.getAttribute('inputmode')).toBe('decimal');
    await page.waitForFunction(() => document.activeElement?.getAttribute('inputmode') === 'decimal');
    await kg.fill('٤٢٫٥');
    for (const check of ['الطعام مغطى ومعبأ', 'حُفظ ساخناً أو بارداً'])
      await form.getByRole('group', { name: check }).getByLabel('نعم').check();
    await form.getByRole('group', { name: 'استُلم قبل آخر موعد للاستلام' }).getByLabel('لا').check();
    await screenshotOf(first, 'volunteer-page-collected-form-390');
    expect(await axeViolations(page)).toEqual([]);

    const answered = action(ids.early, 'collected');
    await form.getByRole('button', { name: 'تأكيد الاستلام' }).click();
    expect((await answered).status()).toBe(200);
    await first.getByText('تم الاستلام: 42.5 كجم').waitFor();
    expect(await first.locator('.status-chip').innerText()).toContain('مكتمل');
    expect(await first.getByRole('button').count()).toBe(0);
    expect(await liveText()).toContain(`سُجّل استلام الطلب رقم ${ids.early} بوزن 42.5 كجم`);
    const [row] = await site.db.query(
      `SELECT r.status, r.weighed_kg::float8 AS kg, p.checks FROM requests r JOIN volunteer_pickups p ON p.request_id = r.id WHERE r.id = $1`,
      [ids.early],
    );
    expect(row).toEqual({ status: 'completed', kg: 42.5, checks: { packed: true, temperature: true, beforeDeadline: false } });
  });

  it('«لم يتم الاستلام» needs a reason, then cancels the request with it', async () => {
    const second = card(ids.late);
    const onTheWay = action(ids.late, 'on-the-way');
    await second.getByRole('button', { name: 'في الطريق' }).click();
    await onTheWay;
    await second.getByRole('button', { name: 'لم يتم الاستلام' }).click();
    const form = second.getByRole('form', { name: /لم يتم الاستلام/ });
    await form.getByRole('button', { name: 'تأكيد عدم الاستلام' }).click();
    await form.getByText('اختر سبب عدم الاستلام من القائمة').waitFor();
    const reasons = await form.getByRole('radio').evaluateAll((els) => els.map((el) => el.closest('label')?.textContent));
    expect(reasons).toEqual(['لا يوجد طعام فائض', 'لم تُقم المناسبة', 'تعذّر التواصل مع صاحب المناسبة', 'وصلت بعد انتهاء الموعد']);
    await form.getByLabel('لم تُقم المناسبة').check();
    await form.getByLabel('ملاحظة (اختياري)').fill('القاعة مغلقة ولا أحد في الموقع');
    await screenshotOf(second, 'volunteer-page-not-collected-form-390');
    expect(await axeViolations(page)).toEqual([]);
    const answered = action(ids.late, 'not-collected');
    await form.getByRole('button', { name: 'تأكيد عدم الاستلام' }).click();
    expect((await answered).status()).toBe(200);
    await second.getByText('لم يتم الاستلام: لم تُقم المناسبة').waitFor();
    expect(await liveText()).toContain(`سُجّل عدم استلام الطلب رقم ${ids.late}`);
    const [row] = await site.db.query(`SELECT status, cancellation_reason FROM requests WHERE id = $1`, [ids.late]);
    expect(row).toEqual({ status: 'cancelled', cancellation_reason: 'لم يتم الاستلام: لم تُقم المناسبة (القاعة مغلقة ولا أحد في الموقع)' });
  });

  it('with no connection, «في الطريق» and «تم الاستلام» are kept on the device, said on the card, and sent when it returns', async () => {
    const fourth = card(ids.offline);
    const kept = () => page.evaluate(() => localStorage.getItem('charity:volunteer-actions:v1'));
    await page.context().setOffline(true);
    await page.waitForFunction(() => !navigator.onLine);
    await fourth.getByRole('button', { name: 'في الطريق' }).click();
    await fourth.getByText('سيُرسل عند عودة الاتصال').waitFor();
    await fourth.getByRole('button', { name: 'تم الاستلام من المناسبة' }).click();
    const form = fourth.getByRole('form', { name: /تسجيل الاستلام/ });
    await form.getByLabel('الوزن الفعلي بالكيلوجرام').fill('18');
    for (const check of ['الطعام مغطى ومعبأ', 'حُفظ ساخناً أو بارداً', 'استُلم قبل آخر موعد للاستلام'])
      await form.getByRole('group', { name: check }).getByLabel('نعم').check();
    await form.getByRole('button', { name: 'تأكيد الاستلام' }).click();
    await fourth
      .locator('.vcard__queued[data-waiting="on-the-way collected"]', { hasText: 'تم الاستلام: 18 كجم — سيُرسل عند عودة الاتصال' })
      .waitFor();
    expect(await fourth.getByRole('button').count()).toBe(0);
    expect(await liveText()).toContain('وسيُرسل عند عودة الاتصال');
    expect(JSON.parse((await kept()) ?? '[]').map((p: { action: { kind: string } }) => p.action.kind)).toEqual(['on-the-way', 'collected']);
    const [before] = await site.db.query(`SELECT status FROM requests WHERE id = $1`, [ids.offline]);
    expect(before.status).toBe('confirmed');
    await screenshotOf(fourth, 'volunteer-page-offline-390');
    expect(await axeViolations(page)).toEqual([]);

    const sent = action(ids.offline, 'collected');
    await page.context().setOffline(false);
    expect((await sent).status()).toBe(200);
    await fourth.locator('.vcard__done', { hasText: 'تم الاستلام: 18 كجم' }).waitFor();
    expect(await fourth.getByText('سيُرسل عند عودة الاتصال').count()).toBe(0);
    expect(await kept()).toBeNull();
    const [row] = await site.db.query(
      `SELECT r.status, r.weighed_kg::float8 AS kg, p.on_the_way_at IS NOT NULL AS went FROM requests r JOIN volunteer_pickups p ON p.request_id = r.id WHERE r.id = $1`,
      [ids.offline],
    );
    expect(row).toEqual({ status: 'completed', kg: 18, went: true });
    await quiet(page);
  });

  it('a pickup closed behind the page: the 409 in Arabic on the card, then the page as it now stands', async () => {
    // The desk completes it meanwhile (the volunteer never pressed anything on it).
    await site.db.query(`UPDATE requests SET status = 'completed', weighed_kg = 12 WHERE id = $1`, [ids.closed]);
    const third = card(ids.closed);
    const answered = action(ids.closed, 'on-the-way');
    const refreshed = page.waitForResponse((r) => r.request().method() === 'GET' && r.url().endsWith(`/api/volunteer/${token}`));
    await third.getByRole('button', { name: 'في الطريق' }).click();
    expect((await answered).status()).toBe(409);
    await refreshed;
    await third.getByRole('alert').getByText('أُغلق هذا الطلب (مكتمل أو ملغي)، فلم يتغير شيء').waitFor();
    await third.getByText('حالة الطلب: مكتمل').waitFor();
    expect(await third.getByRole('button').count()).toBe(0);
    expect(await liveText()).toContain('أُغلق هذا الطلب');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'volunteer-page-done-390');
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize(VIEWPORTS.desktop);
    await quiet(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'volunteer-page-1280');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(VIEWPORTS.phone);
  });

  it('a failed load offers a retry; a volunteer with no pickups sees it said plainly, with the charity’s phone', async () => {
    // The server away for one answer (no input provokes it): the failed state, then the retry loads the page.
    const path = `**/api/volunteer/${idleToken}`;
    await page.route(path, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, code: 'UNAVAILABLE', message: 'الخدمة غير متاحة' }),
      }),
    );
    await page.goto(`${site.base}/t/${idleToken}`);
    await page.getByRole('heading', { name: 'تعذر تحميل استلاماتك' }).waitFor();
    await quiet(page);
    await screenshot(page, 'volunteer-page-failed-390');
    expect(await axeViolations(page)).toEqual([]);
    await page.unroute(path);
    await page.getByRole('button', { name: 'حاول مجدداً' }).click();
    await page.getByRole('heading', { name: 'لا توجد استلامات مسندة إليك الآن' }).waitFor();
    await page
      .locator('.vpage')
      .getByRole('link', { name: /اتصال بالجمعية/ })
      .waitFor();
    await quiet(page);
    await screenshot(page, 'volunteer-page-empty-390');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('a dead link says to ask the charity for a new one', async () => {
    const response = await page.goto(`${site.base}/t/${randomBytes(32).toString('base64url')}`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'هذا الرابط لا يعمل' }).waitFor();
    await page.getByText('اطلب من فريق الجمعية رابطاً جديداً لصفحتك').waitFor();
    await page.locator('#main-content').getByRole('link', { name: 'تواصل مع الجمعية' }).waitFor();
    await quiet(page);
    await screenshot(page, 'volunteer-page-not-found-390');
    expect(await axeViolations(page)).toEqual([]);
  });
});
