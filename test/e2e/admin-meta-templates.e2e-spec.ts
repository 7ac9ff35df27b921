import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchChromium, openSignedIn, quiet, screenshotOf, VIEWPORTS } from '../support/browser';
import { MetaWhatsApp } from '../support/meta-webhooks';
import { testState } from '../support/test-env';

/**
 * The dashboard's templates card with Meta as the provider, in Chromium against the real server:
 * each template shows the name and language Meta sends it by (a configured name included), not a
 * content SID, with the Arabic texts.
 */
describe('templates card with WHATSAPP_PROVIDER=meta', () => {
  let whatsapp: MetaWhatsApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    whatsapp = await MetaWhatsApp.start(47_000_000, {
      REDIS_PREFIX: `${testState().redisPrefix}:meta-templates-card`,
      WHATSAPP_TEMPLATE_NAME_STATUS_UPDATE: 'request_status_update_v2',
    });
    await whatsapp.t.app.listen({ port: 0, host: '127.0.0.1' });
    base = (await whatsapp.t.app.getUrl()).replace('[::1]', '127.0.0.1');
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await whatsapp?.close();
  });

  it("shows Meta's template name and language where Twilio's content SID would be (390 and 1280 px)", async () => {
    // One page, phone-sized first, then widened for the card's picture at 1280 px.
    const page = await browser.newPage({ viewport: VIEWPORTS.phone, locale: 'ar-SA', timezoneId: 'Asia/Riyadh' });
    await openSignedIn(page, base, { token: whatsapp.token, username: 'meta-admin' }, '/admin/dashboard');
    const card = page.locator('section[aria-labelledby="templates-card-title"]');
    const statusUpdate = card.getByTestId('template-statusUpdate');
    await statusUpdate.getByRole('button', { name: /تحديث حالة الطلب/ }).click();
    const name = statusUpdate.getByTestId('template-statusUpdate-meta-name');
    await name.waitFor();
    const text = await name.innerText();
    expect(text).toContain('request_status_update_v2 · ar');
    expect(text).toContain('كما اعتُمدا في مدير واتساب');
    expect(await statusUpdate.innerText()).toContain('اسم القالب ولغته لدى ميتا');
    expect(await card.getByTestId('template-statusUpdate-sid').count()).toBe(0);

    const code = card.getByTestId('template-verificationCode');
    await code.getByRole('button', { name: /رمز التحقق/ }).click();
    expect(await code.getByTestId('template-verificationCode-meta-name').innerText()).toContain('admin_verification_code · ar');
    await quiet(page);
    await screenshotOf(card, `meta-templates-card-${VIEWPORTS.phone.width}`);

    await page.setViewportSize(VIEWPORTS.desktop);
    await quiet(page);
    expect(await name.innerText()).toContain('request_status_update_v2 · ar');
    await screenshotOf(card, `meta-templates-card-${VIEWPORTS.desktop.width}`);
    await page.close();
  });
});
