import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { MetaWhatsAppDriver } from '../../src/modules/messaging/providers/meta-whatsapp.driver';
import { isOutsideWindow, OutgoingWhatsAppMessage, ProviderError } from '../../src/modules/messaging/providers/whatsapp-provider';
import { templateSeed } from '../../src/modules/messaging/templates/whatsapp-templates';
import type { TemplateKey } from '../../src/shared/templates';
import { MetaDouble } from '../support/meta-double';

// The Meta Cloud API driver against a local double of the Graph API: what it sends, and how it reads
// Meta's errors (retry later, or stop at once).

function message(key: TemplateKey, variables: string[], overrides: Partial<OutgoingWhatsAppMessage> = {}): OutgoingWhatsAppMessage {
  const seed = templateSeed(key);
  return {
    to: '+966501112233',
    templateKey: key,
    contentSid: null,
    template: { name: seed.name, language: seed.language, category: seed.category, components: seed.components },
    variables,
    text: 'النص كما يقرؤه المستلم',
    freeText: false,
    attemptId: 1,
    ...overrides,
  };
}

const LINK_TOKEN = 'k3J9sQ2vX8pL1mN5bT7wY0zR4cF6hD2gA9eU3iO5uKq';
const CONFIRMATION = ['سارة أحمد', '1024', 'حفل زواج', '12 ديسمبر 2026م', '11:00 م', 'مبنى 5، حي الشاطئ، ينبع', LINK_TOKEN];

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error('expected the send to fail');
}

describe('meta driver against a local double of the Graph API', () => {
  let double: MetaDouble;
  let driver: MetaWhatsAppDriver;

  beforeAll(async () => {
    double = await new MetaDouble().start();
    double.approve('request_confirmation', { language: 'ar', body: 6, urlButton: true });
    double.approve('admin_verification_code', { language: 'ar', body: 1, copyCode: true });
    double.approve('request_status_update', { language: 'ar', body: 5, urlButton: true });
  });
  afterAll(async () => {
    await double.stop();
  });
  beforeEach(() => {
    driver = new MetaWhatsAppDriver({
      accessToken: double.accessToken,
      phoneNumberId: double.phoneNumberId,
      graphBaseUrl: double.url,
      apiVersion: double.apiVersion,
      timeoutMs: 1500,
    });
  });

  it("sends a request confirmation as its approved template: name, language ar, the six body parameters in order, the host's link token as the URL button's suffix", async () => {
    const result = await driver.send(message('requestConfirmation', CONFIRMATION));
    expect(result.providerMessageId).toMatch(/^wamid\./);
    expect(result.providerMessageId.length).toBeGreaterThan(64);
    expect(result.status).toBe('accepted');
    const request = double.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/${double.apiVersion}/${double.phoneNumberId}/messages`);
    expect(request.headers.authorization).toBe(`Bearer ${double.accessToken}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+966501112233',
      type: 'template',
      template: {
        name: 'request_confirmation',
        language: { code: 'ar' },
        components: [
          { type: 'body', parameters: CONFIRMATION.slice(0, 6).map((text) => ({ type: 'text', text })) },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: LINK_TOKEN }] },
        ],
      },
    });
    expect(double.messages.at(-1)!.id).toBe(result.providerMessageId);
  });

  it('sends free text inside the 24-hour window as a text message, without a template', async () => {
    await driver.send(message('customMessage', [], { freeText: true, text: 'شكراً، سنصل الساعة العاشرة.\nفريق الجمعية' }));
    expect(double.requests.at(-1)!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+966501112233',
      type: 'text',
      text: { preview_url: false, body: 'شكراً، سنصل الساعة العاشرة.\nفريق الجمعية' },
    });
  });

  it('sends a login code as the authentication template: the code in the body and again on the copy-code button', async () => {
    await driver.send(message('verificationCode', ['483920']));
    expect(double.messages.at(-1)!.template).toEqual({
      name: 'admin_verification_code',
      language: 'ar',
      components: [
        { type: 'body', parameters: [{ type: 'text', text: '483920' }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '483920' }] },
      ],
    });
  });

  it('numbers parameters per component as Meta does, and flattens values Meta would refuse (new lines, empty)', async () => {
    double.approve('with_header', { language: 'ar', header: 1, body: 2 });
    const template = {
      name: 'with_header',
      language: 'ar',
      category: 'utility' as const,
      components: [
        { type: 'HEADER' as const, text: 'طلب #{{1}}' },
        { type: 'BODY' as const, text: 'مرحباً {{2}}، {{3}}' },
      ],
    };
    await driver.send(message('statusUpdate', ['77', 'سارة', 'سطر أول\nسطر ثانٍ'], { template }));
    expect(double.messages.at(-1)!.template!.components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: '77' }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'سارة' },
          { type: 'text', text: 'سطر أول سطر ثانٍ' },
        ],
      },
    ]);
    await driver.send(message('statusUpdate', ['', 'سارة', '   '], { template }));
    expect(double.messages.at(-1)!.template!.components[1].parameters).toEqual([
      { type: 'text', text: 'سارة' },
      { type: 'text', text: '-' },
    ]);
  });

  it('treats rate limits (130429, 131056, 80007, 4, 613), 5xx, a hanging API and an unreachable one as retryable', async () => {
    for (const [httpStatus, code] of [
      [400, 130429],
      [400, 131056],
      [400, 80007],
      [400, 4],
      [400, 613],
      [429, 130429],
      [500, 131000],
      [503, 2],
    ] as const) {
      double.next({ kind: 'error', httpStatus, code });
      expect(await failure(driver.send(message('requestConfirmation', CONFIRMATION)))).toMatchObject({
        retryable: true,
        code: String(code),
        httpStatus,
      });
    }
    double.next({ kind: 'error', httpStatus: 502, code: 1, retryAfter: '120' });
    expect(await failure(driver.send(message('requestConfirmation', CONFIRMATION)))).toMatchObject({
      retryable: true,
      retryAfterMs: 120_000,
    });

    double.next({ kind: 'hang' });
    expect(await failure(driver.send(message('requestConfirmation', CONFIRMATION)))).toMatchObject({ retryable: true, code: 'TIMEOUT' });

    const offline = new MetaWhatsAppDriver({
      accessToken: double.accessToken,
      phoneNumberId: double.phoneNumberId,
      graphBaseUrl: 'http://127.0.0.1:1',
      apiVersion: double.apiVersion,
      timeoutMs: 1500,
    });
    expect(await failure(offline.send(message('requestConfirmation', CONFIRMATION)))).toMatchObject({ retryable: true, code: 'NETWORK' });
  });

  it('fails a send with an expired or wrong token (190) as retryable: fixing META_ACCESS_TOKEN still delivers what waits', async () => {
    const wrong = new MetaWhatsAppDriver({
      accessToken: 'EAAG-expired',
      phoneNumberId: double.phoneNumberId,
      graphBaseUrl: double.url,
      apiVersion: double.apiVersion,
      timeoutMs: 1500,
    });
    expect(await failure(wrong.send(message('requestConfirmation', CONFIRMATION)))).toMatchObject({
      retryable: true,
      code: '190',
      httpStatus: 401,
    });
  });

  it('stops at once for a number off WhatsApp, template errors, an invalid parameter, the sender itself, a number not allowed', async () => {
    for (const code of [131026, 131051, 132000, 132001, 132015, 132016, 100, 131021, 131030, 131049]) {
      double.next({ kind: 'error', httpStatus: 400, code });
      const error = await failure(driver.send(message('requestConfirmation', CONFIRMATION)));
      expect(error).toMatchObject({ retryable: false, code: String(code) });
    }
    // Meta's own checks: an unknown template name, or the wrong number of parameters.
    const unknown = await failure(
      driver.send(
        message('requestConfirmation', CONFIRMATION, { template: { ...message('requestConfirmation', []).template, name: 'nope' } }),
      ),
    );
    expect(unknown).toMatchObject({ retryable: false, code: '132001', httpStatus: 404 });
    expect(unknown.message).toContain('لا يوجد قالب معتمد بهذا الاسم');
  });

  it('reports 131047 (free text outside the window) as permanent and as "outside the window", so delivery falls back to the template', async () => {
    double.next({ kind: 'error', httpStatus: 400, code: 131047 });
    const error = await failure(driver.send(message('customMessage', [], { freeText: true, text: 'رد' })));
    expect(error).toMatchObject({ retryable: false, code: '131047' });
    expect(isOutsideWindow(error.code)).toBe(true);
  });

  it('sends each message with exactly one call (retries belong to the outbox, never to the driver)', async () => {
    const before = double.sendCalls();
    double.next({ kind: 'error', httpStatus: 500, code: 131000 });
    await failure(driver.send(message('requestConfirmation', CONFIRMATION)));
    await driver.send(message('requestConfirmation', CONFIRMATION));
    expect(double.sendCalls() - before).toBe(2);
  });
});
