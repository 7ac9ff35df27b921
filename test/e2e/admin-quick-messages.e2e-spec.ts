import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { ConsoleWhatsAppDriver } from '../../src/modules/messaging/providers/console-whatsapp.driver';
import { WHATSAPP_PROVIDER } from '../../src/modules/messaging/providers/whatsapp-provider';
import { signInAdmin } from '../support/admin-session';
import { axeViolations } from '../support/axe';
import { launchChromium, quiet, screenshot, signedInPage, VIEWPORTS } from '../support/browser';
import { createTestApp, TestApp } from '../support/test-app';
import { testState } from '../support/test-env';
import { waitUntil } from '../support/wait-for';

describe('quick-messages page against the real server', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let db: DataSource;
  let session: { token: string; username: string };
  let driver: ConsoleWhatsAppDriver;

  beforeAll(async () => {
    t = await createTestApp({
      worker: true,
      // Its own Redis key space and a roomy limit: this file posts several inquiries within a minute.
      env: { REDIS_PREFIX: `${testState().redisPrefix}:quick-messages-page`, RATE_LIMIT_QUICK_MESSAGES_PER_MINUTE: '1000' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    db = t.app.get(DataSource);
    driver = t.app.get<ConsoleWhatsAppDriver>(WHATSAPP_PROVIDER);
    session = { token: (await signInAdmin(t.app, 'quick-messages-admin')).token, username: 'quick-messages-admin' };
    await db.query(`UPDATE system_settings SET value = 'false' WHERE key = 'site_blocked'`);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const signedIn = (viewport: { width: number; height: number }, path: string): Promise<Page> =>
    signedInPage(browser, base, session, viewport, path);

  it('pages through many inquiries, searches and filters them; the stats count every message', async () => {
    await db.query(`DELETE FROM quick_messages`);
    // 30 inquiries, oldest first: every third one failed, the rest sent.
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const [row] = await db.query(
        `INSERT INTO quick_messages (sender_name, sender_phone, inquiry_type, inquiry_subject, original_message, status, created_at)
         VALUES ($1, $2, 'استفسار عام', 'أخرى', $3, $4, now() - make_interval(mins => $5)) RETURNING id`,
        [
          i === 4 ? 'هيفاء الجهني' : `زائر ${i}`,
          `05622000${String(i).padStart(2, '0')}`,
          `استفسار رقم ${i}`,
          i % 3 === 0 ? 'failed' : 'sent',
          30 - i,
        ],
      );
      ids.push(row.id);
    }
    const card = (page: Page, id: number) => page.locator(`[data-testid="quick-message"][data-id="${id}"]`);
    const shownIds = async (page: Page) =>
      (await page.getByTestId('quick-message').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))))) as number[];

    // One page, phone-sized first (the paged list at 390 px), then widened to 1280 px for the filters.
    // The paging, filter and search rules themselves: quick-messages-admin-list.int-spec and
    // quick-messages-admin.service.spec.
    const page = await signedIn(VIEWPORTS.phone, '/admin/quick-messages');
    await card(page, ids[29]).waitFor();
    // The first page: the 25 newest; the figures are over all 30.
    expect(await shownIds(page)).toEqual([...ids].reverse().slice(0, 25));
    expect(await page.getByTestId('stat-total-value').innerText()).toBe('30');
    expect(await page.getByTestId('stat-failed-value').innerText()).toBe('10');
    expect(await page.getByTestId('stat-sent-value').innerText()).toBe('20');
    await page.getByText('1–25 من 30').waitFor();
    await screenshot(page, `admin-quick-messages-paged-${VIEWPORTS.phone.width}`);
    expect(await axeViolations(page)).toEqual([]);

    // The next page (from the phone layout's pager): the 5 oldest.
    await page.getByRole('button', { name: 'الانتقال إلى الصفحة التالية' }).click();
    await card(page, ids[0]).waitFor();
    expect(await shownIds(page)).toEqual([...ids].reverse().slice(25));
    await page.getByText('26–30 من 30').waitFor();

    // The status filter: the failed ones only, from the first page again.
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.getByRole('combobox', { name: 'حالة الإشعار' }).click();
    await page.getByRole('option', { name: 'فشل الإرسال' }).click();
    await card(page, ids[27]).waitFor();
    expect(await shownIds(page)).toEqual(ids.filter((_, i) => i % 3 === 0).reverse());
    await quiet(page);
    await screenshot(page, `admin-quick-messages-filtered-${VIEWPORTS.desktop.width}`);

    // Search by name within the filter: nothing (the named sender's inquiry was sent); then without it.
    const search = page.getByPlaceholder('بحث بالاسم أو الجوال أو رقم الاستفسار أو نص الرسالة');
    await search.fill('الجهني');
    await page.getByTestId('quick-messages-no-match').getByText('لا توجد رسائل تطابق البحث أو التصفية.').waitFor();
    await page.getByRole('combobox', { name: 'حالة الإشعار' }).click();
    await page.getByRole('option').filter({ hasText: 'الكل' }).click();
    await card(page, ids[4]).waitFor();
    expect(await shownIds(page)).toEqual([ids[4]]);
    // A phone in the international form finds its inquiry.
    await search.fill('+966 56 220 0017');
    await card(page, ids[17]).waitFor();
    expect(await shownIds(page)).toEqual([ids[17]]);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
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

    it('lists inquiries with stats; reply, resend, delete and bulk delete work; a missing date reads «غير متاح» (390 and 1280 px)', async () => {
      await db.query(`DELETE FROM quick_messages`);

      // The page at both widths, side by side: the phone one replies, the desktop one resends and deletes.
      const [phonePage, page] = await Promise.all([
        signedIn(VIEWPORTS.phone, '/admin/quick-messages'),
        signedIn(VIEWPORTS.desktop, '/admin/quick-messages'),
      ]);
      const both = [phonePage, page] as const;
      const refresh = (p: Page) => p.getByRole('button', { name: 'تحديث البيانات' }).click();

      // Empty state.
      for (const p of both) {
        await p.getByTestId('quick-messages-empty').getByText('لا توجد رسائل سريعة بعد').waitFor();
        expect(await statValue(p, 'total')).toBe('0');
        await screenshot(p, `admin-quick-messages-empty-${p.viewportSize()!.width}`);
        expect(await axeViolations(p)).toEqual([]);
      }

      // Inquiries through the public call; one is linked to the sender's active request.
      const phones = { plain: '0561110001', linked: '0561110002', failed: '0561110003' };
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
      await waitUntil(
        () => Promise.all([plain, linked, failed].map(statusOf)),
        (rows) => rows.every((r) => r.status === 'sent'),
      );
      await db.query(`UPDATE quick_messages SET status = 'failed', error_message = 'تعذر الوصول إلى الرقم' WHERE id = $1`, [failed]);
      const [broken] = await db.query(
        `INSERT INTO quick_messages (sender_name, sender_phone, inquiry_type, inquiry_subject, original_message, status, error_message)
         VALUES ('رقم قديم', '0312345678', 'استفسار عام', 'أخرى', 'رسالة من رقم أرضي', 'failed', 'الرقم ليس على واتساب') RETURNING id`,
      );

      // The app bar's refresh button reloads the list.
      for (const p of both) {
        await refresh(p);
        await card(p, plain).waitFor();
        expect(await p.getByTestId('quick-message').count()).toBe(4);
        expect(await statValue(p, 'total')).toBe('4');
        expect(await statValue(p, 'sent')).toBe('2');
        expect(await statValue(p, 'failed')).toBe('2');
        expect(await statValue(p, 'pending')).toBe('0');
      }

      // Each item: number, request link or none, LTR phone, ar-SA date, message, status badge.
      expect(await card(phonePage, linked).getByTestId('request-number').innerText()).toContain(`#${request.id}`);
      expect(await card(phonePage, plain).getByTestId('request-number').innerText()).toBe('غير مرتبط بطلب');
      const phone = card(phonePage, plain).getByTestId('phone');
      expect(await phone.innerText()).toBe('+966 56 111 0001');
      expect(await phone.locator('bdi').getAttribute('dir')).toBe('ltr');
      expect(await phone.getAttribute('href')).toBe('tel:+966561110001');
      expect(await card(phonePage, plain).getByTestId('date').innerText()).toMatch(
        /^\d{1,2} \S+ \d{4}م \(\d{1,2} .+ \d{4}هـ\)\s-\s\d{2}:\d{2}$/,
      );
      expect(await card(phonePage, plain).getByTestId('original-message').innerText()).toBe('أرغب في التطوع مع الجمعية في نهاية الأسبوع');
      for (const p of both) {
        expect(await card(p, plain).getByTestId('delivery-status').innerText()).toBe('تم الإرسال');
        expect(await card(p, failed).getByTestId('delivery-status').innerText()).toBe('فشل الإرسال');
        // Resend only on failed items.
        expect(await card(p, plain).getByRole('button', { name: 'إعادة الإرسال' }).count()).toBe(0);
        expect(await card(p, failed).getByRole('button', { name: 'إعادة الإرسال' }).count()).toBe(1);
        await screenshot(p, `admin-quick-messages-${p.viewportSize()!.width}`);
        expect(await axeViolations(p)).toEqual([]);
      }

      // Reply (on the phone): the box says it goes through an approved template; the driver receives it; the badge follows.
      const before = new Set(driver.recent().map((m) => m.id)); // ids, not a count: the driver keeps only its latest 200
      await card(phonePage, plain).getByRole('button', { name: 'رد', exact: true }).click();
      await card(phonePage, plain).getByText('بقالب رسائل معتمد', { exact: false }).waitFor();
      // The send button stays disabled while the reply is empty or only spaces.
      const sendButton = card(phonePage, plain).getByRole('button', { name: 'إرسال الرد' });
      expect(await sendButton.isDisabled()).toBe(true);
      await card(phonePage, plain).getByLabel('نص الرد').fill('   ');
      expect(await sendButton.isDisabled()).toBe(true);
      const replyText = 'أهلاً سارة، يسعدنا انضمامك. سنتواصل معك قريباً.';
      await card(phonePage, plain).getByLabel('نص الرد').fill(replyText);
      // Back to the top and past the box's opening animation, so the full-page picture is clean.
      await phonePage.evaluate(() => window.scrollTo(0, 0));
      await quiet(phonePage);
      await screenshot(phonePage, `admin-quick-messages-reply-${VIEWPORTS.phone.width}`);
      await sendButton.click();
      const sent = await waitUntil(
        async () =>
          driver
            .recent()
            .filter((m) => !before.has(m.id))
            .find((m) => m.templateKey === 'customMessage'),
        (m) => m !== undefined,
      );
      expect(sent!.to).toContain('+966561110001');
      expect(sent!.text).toContain(replyText);
      // The reply answers the inquiry: it leaves the list, which opens on «لم يُرد عليها»; «الكل» shows it again.
      await card(phonePage, plain).waitFor({ state: 'detached' });
      await phonePage.getByRole('combobox', { name: 'حالة الرد' }).click();
      await phonePage.getByRole('option').filter({ hasText: 'الكل' }).click();
      await card(phonePage, plain).getByTestId('reply-status').getByText('تم إرسال الرد').waitFor();
      expect(await card(phonePage, plain).getByTestId('answered-state').innerText()).toBe('تم الرد');
      expect(await card(phonePage, plain).getByTestId('admin-reply').innerText()).toContain(replyText);
      expect(await statusOf(plain)).toMatchObject({ admin_reply: replyText, reply_status: 'sent' });
      await phonePage.close();

      // Resend of a failed acknowledgement (on the desktop): queued again, delivered, badge updated.
      const beforeResend = new Set(driver.recent().map((m) => m.id)); // ids, not a count: the driver keeps only its latest 200
      await card(page, failed).getByRole('button', { name: 'إعادة الإرسال' }).click();
      await page.getByText('تمت إعادة إرسال الرسالة').first().waitFor();
      await waitUntil(
        () => statusOf(failed),
        (r) => r.status === 'sent',
      );
      const ack = driver
        .recent()
        .filter((m) => !beforeResend.has(m.id))
        .find((m) => m.templateKey === 'inquiryReceived');
      expect(ack?.to).toContain('+966561110003');
      await card(page, failed).getByTestId('delivery-status').getByText('تم الإرسال').waitFor();
      expect(await card(page, failed).getByRole('button', { name: 'إعادة الإرسال' }).count()).toBe(0);

      // A resend the server refuses: the spec's toast with the server's message.
      await card(page, broken.id).getByRole('button', { name: 'إعادة الإرسال' }).click();
      await page.getByText('فشل في إعادة الإرسال: رقم جوال المرسل غير صالح للإرسال عبر واتساب').first().waitFor();
      expect((await statusOf(broken.id)).status).toBe('failed');

      // Single delete, after a confirmation naming the item.
      await card(page, linked).getByRole('button', { name: 'حذف', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(`حذف الاستفسار رقم ${linked}`).waitFor();
      await dialog.getByRole('button', { name: 'حذف', exact: true }).click();
      await card(page, linked).waitFor({ state: 'detached' });
      expect(await statusOf(linked)).toBeUndefined();

      // Select all, then delete the selection, the inquiry answered on the phone among them («الكل»).
      await page.getByRole('combobox', { name: 'حالة الرد' }).click();
      await page.getByRole('option').filter({ hasText: 'الكل' }).click();
      await card(page, plain).getByTestId('reply-status').getByText('تم إرسال الرد').waitFor();
      await page.getByLabel('تحديد الكل', { exact: true }).check();
      const bulk = page.getByRole('button', { name: 'حذف المحدد (3)' });
      await bulk.click();
      await page.getByRole('dialog').getByText('ستُحذف 3 رسائل محددة نهائيًا', { exact: false }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'حذف', exact: true }).click();
      await page.getByTestId('quick-messages-empty').waitFor();
      const left = await db.query(`SELECT id FROM quick_messages WHERE id = ANY($1)`, [[plain, failed, broken.id]]);
      expect(left).toEqual([]);
      expect(await statValue(page, 'total')).toBe('0');

      // An inquiry without a date: «غير متاح» (the rule: quickMessages.spec's quickMessageDate), still pending.
      // created_at is NOT NULL in the schema; the page must still cope with a missing date, so the
      // constraint is lifted for this one row and put back afterwards.
      await db.query(`ALTER TABLE quick_messages ALTER COLUMN created_at DROP NOT NULL`);
      try {
        const [row] = await db.query(
          `INSERT INTO quick_messages (sender_name, sender_phone, inquiry_type, inquiry_subject, original_message, status, created_at)
           VALUES ('بلا تاريخ', '0561239999', 'استفسار عام', 'أخرى', 'رسالة بلا تاريخ', 'pending', NULL) RETURNING id`,
        );
        await refresh(page);
        await card(page, row.id).waitFor();
        expect(await card(page, row.id).getByTestId('date').innerText()).toBe('غير متاح');
        expect(await statValue(page, 'pending')).toBe('1');
        expect(await card(page, row.id).getByTestId('delivery-status').innerText()).toBe('قيد المعالجة');
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await db.query(`DELETE FROM quick_messages WHERE created_at IS NULL`);
        await db.query(`ALTER TABLE quick_messages ALTER COLUMN created_at SET NOT NULL`);
      }
      await page.close();
    });
  });
});
