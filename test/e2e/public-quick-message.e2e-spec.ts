import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/browser';
import { fillWithVenue, PublicSite, submitRequest, toast } from '../support/public-site';

describe('the quick message form in Chromium', () => {
  let site: PublicSite;
  // One load of the contact section for the message sent, the length limit and the refusals, in that
  // order (the refusals use up the address's quick messages last).
  let page: Page;

  beforeAll(async () => {
    site = await PublicSite.start('public-ui-quick');
    ({ page } = await site.open('/#contact'));
  });
  afterAll(async () => {
    await site?.close();
  });

  it('sends a quick message with the type and subject read from the message', async () => {
    await page.locator('#qm-name').fill('خالد');
    await page.locator('#qm-phone').fill('+966 55 765 4321');
    await page.locator('#qm-message').fill('أرغب في التطوع معكم في توزيع الوجبات');
    await page.getByTestId('quick-message-preview').getByText('الاستفسار عن التطوع').waitFor();
    expect(
      (await page.getByText('سيصلك الرد عبر واتساب', { exact: false }).count()) +
        (await page.getByText('نرد عليك عبر واتساب', { exact: false }).count()),
    ).toBeGreaterThan(0);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/quick-messages') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'إرسال الرسالة' }).click(),
    ]);
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      senderName: 'خالد',
      senderPhone: '0557654321',
      inquiryType: 'الاستفسار عن التطوع',
      inquirySubject: 'التطوع',
      originalMessage: 'أرغب في التطوع معكم في توزيع الوجبات',
    });
    await toast(page).getByText('تم إرسال رسالتك').waitFor();
    expect(await page.locator('#qm-message').inputValue()).toBe('');
    const { id } = (await response.json()) as { id: number };
    const [row] = (await site.db.query(`SELECT sender_phone, inquiry_type, status FROM quick_messages WHERE id = $1`, [id])) as Array<
      Record<string, unknown>
    >;
    expect(row).toEqual({ sender_phone: '0557654321', inquiry_type: 'الاستفسار عن التطوع', status: 'pending' });
    await screenshot(page, 'public-quick-message-390');
    // Closed with its button, as a visitor does to reach the form it may cover.
    await toast(page).getByRole('button', { name: 'إغلاق التنبيه' }).click();
    await page.locator('.toast[data-state="open"]').waitFor({ state: 'detached' });
  });

  it('keeps a message to 500 characters, with its count', async () => {
    const message = page.locator('#qm-message');
    await message.fill('ن'.repeat(600));
    expect((await message.inputValue()).length).toBe(500);
    await page.locator('#qm-message-hint').getByText('500/500').waitFor();
  });

  it('shows one toast at a time, 5 s by default and 8 to 10 s for the request form', async () => {
    // The page's clock is moved on by hand; CSS transitions still run in real time.
    const context = await site.newContext();
    await context.clock.install();
    const { page } = await site.open('/#request-form', { context });
    await page.locator('form.request-form').waitFor();
    await page.mouse.move(5, 5);
    const shown = page.locator('.toast');
    /** Visible after `before` ms of the page's time, gone `after` ms later. */
    const lasts = async (text: string, before: number, after: number) => {
      await shown.filter({ hasText: text }).waitFor();
      await page.clock.runFor(before);
      expect(await shown.filter({ hasText: text }).isVisible()).toBe(true);
      await page.clock.runFor(after);
      await shown.filter({ hasText: text }).waitFor({ state: 'hidden' });
    };

    // The request form's missing fields: 8 s.
    await page.locator('#rf-termsAccepted').check();
    await page.locator('#rf-whatsappOptIn').check();
    await page.getByRole('button', { name: 'إرسال الطلب' }).click();
    await lasts('يرجى إكمال البيانات المطلوبة', 7_500, 1_000);

    // A request sent: 10 s.
    await fillWithVenue(page, '0556667777');
    expect((await submitRequest(page)).status()).toBe(201);
    await lasts('تم إرسال طلبك بنجاح', 9_500, 1_000);

    // The quick message's toasts: 5 s, and a new one takes the place of the one on screen.
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await shown.filter({ hasText: 'يرجى تعبئة جميع الحقول' }).waitFor();
    await page.locator('#qm-name').fill('خالد');
    await page.locator('#qm-phone').fill('0557654321');
    await page.locator('#qm-message').fill('عرض ترويج لمنتج');
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await shown.filter({ hasText: 'غير مسموحة في الاستفسار' }).waitFor();
    await shown.filter({ hasText: 'يرجى تعبئة جميع الحقول' }).waitFor({ state: 'detached' });
    expect(await shown.count()).toBe(1);
    await page.mouse.move(5, 5);
    await lasts('غير مسموحة في الاستفسار', 4_500, 1_000);
    await page.close();
  });

  it('shows the server message when a quick message fails, and checks the form first', async () => {
    // The form emptied (the message sent above left the name and phone).
    for (const id of ['#qm-name', '#qm-phone', '#qm-message']) await page.locator(id).fill('');
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await toast(page).getByText('يرجى تعبئة جميع الحقول').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('qm-name');
    await page.locator('#qm-name').fill('خالد');
    await page.locator('#qm-phone').fill('0557654321');
    await page.locator('#qm-message').fill('عرض ترويج لمنتج');
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await page.getByText('الكلمة "ترويج" غير مسموحة في الاستفسار - يرجى إزالتها وإعادة الإرسال').first().waitFor();
    // Use up this address's 5 quick messages a minute, then the browser's message is refused by the server.
    for (let i = 0; i < 6; i++) {
      const res = await site.t.http.post('/api/quick-messages').send({
        senderName: 'سعد',
        senderPhone: '0557650000',
        inquiryType: 'استفسار عام',
        inquirySubject: 'عام',
        originalMessage: `سؤال رقم ${i + 1} عن الخدمة`,
      });
      if (res.status === 429) break;
    }
    await page.locator('#qm-message').fill('هل لديكم خدمة في ينبع النخل؟');
    await page.getByRole('button', { name: 'إرسال الرسالة' }).click();
    await toast(page).getByText('تم تجاوز عدد المحاولات المسموح، يرجى المحاولة بعد قليل').waitFor();
  });
});
