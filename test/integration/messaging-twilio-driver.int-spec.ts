import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import twilio from 'twilio';
import { loadConfig } from '../../src/config/app-config';
import { TwilioWhatsAppDriver } from '../../src/modules/messaging/providers/twilio-whatsapp.driver';
import { ProviderError } from '../../src/modules/messaging/providers/whatsapp-provider';
import { isValidTwilioSignature, twilioSignature } from '../../src/modules/messaging/webhooks/twilio-signature';
import { TwilioDouble } from '../support/twilio-double';

const CALLBACK = 'https://charity.example/api/webhooks/twilio/status';
const FROM = 'whatsapp:+14155238886';

function message(overrides: Partial<Parameters<TwilioWhatsAppDriver['send']>[0]> = {}): Parameters<TwilioWhatsAppDriver['send']>[0] {
  return {
    to: '+966501112233',
    templateKey: 'statusUpdate',
    contentSid: 'HX' + 'a'.repeat(32),
    template: { name: 'request_status_update', language: 'ar', category: 'utility', components: [] },
    variables: ['سارة', '1024', 'حفل زواج', '12 ديسمبر 2026م', 'مؤكد للاستلام'],
    text: 'مرحباً سارة…',
    freeText: false,
    attemptId: 1,
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error('expected the send to fail');
}

describe('twilio driver against a local double of the Messages API', () => {
  let double: TwilioDouble;
  let driver: TwilioWhatsAppDriver;

  beforeAll(async () => {
    double = await new TwilioDouble().start();
  });
  afterAll(async () => {
    await double.stop();
  });
  beforeEach(() => {
    driver = new TwilioWhatsAppDriver({
      accountSid: double.accountSid,
      authToken: double.authToken,
      from: FROM,
      baseUrl: double.url,
      statusCallbackUrl: CALLBACK,
      timeoutMs: 1500,
    });
  });

  it('sends a template as ContentSid + ContentVariables ({"1": …}), form-encoded with basic auth and a StatusCallback', async () => {
    const result = await driver.send(message());
    expect(result.providerMessageId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(result.status).toBe('queued');
    const request = double.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/2010-04-01/Accounts/${double.accountSid}/Messages.json`);
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.params).toEqual({
      From: FROM,
      To: 'whatsapp:+966501112233',
      ContentSid: 'HX' + 'a'.repeat(32),
      ContentVariables: JSON.stringify({ '1': 'سارة', '2': '1024', '3': 'حفل زواج', '4': '12 ديسمبر 2026م', '5': 'مؤكد للاستلام' }),
      StatusCallback: CALLBACK,
    });
    expect(double.messages.at(-1)!.sid).toBe(result.providerMessageId);
  });

  it('sends free text inside the 24-hour window as Body, without a template', async () => {
    await driver.send(message({ freeText: true, text: 'شكراً، سنتواصل معكم اليوم.' }));
    const params = double.requests.at(-1)!.params;
    expect(params.Body).toBe('شكراً، سنتواصل معكم اليوم.');
    expect(params.ContentSid).toBeUndefined();
    expect(params.ContentVariables).toBeUndefined();
  });

  it('treats 429, 500, a hanging provider and an unreachable one as retryable', async () => {
    double.next({ kind: 'error', httpStatus: 429, code: 20429 });
    const tooMany = await failure(driver.send(message()));
    expect(tooMany).toMatchObject({ retryable: true, code: '20429', httpStatus: 429 });

    double.next({ kind: 'error', httpStatus: 500, code: 20500, message: 'Internal Server Error' });
    expect(await failure(driver.send(message()))).toMatchObject({ retryable: true, httpStatus: 500 });

    double.next({ kind: 'hang' });
    const started = Date.now();
    expect(await failure(driver.send(message()))).toMatchObject({ retryable: true, code: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(5000);

    const offline = new TwilioWhatsAppDriver({
      accountSid: double.accountSid,
      authToken: double.authToken,
      from: FROM,
      baseUrl: 'http://127.0.0.1:1',
      timeoutMs: 1500,
    });
    expect(await failure(offline.send(message()))).toMatchObject({ retryable: true, code: 'NETWORK' });
  });

  it('stops at once for an invalid number, a number off WhatsApp, an opted-out recipient and a rejected template', async () => {
    for (const code of [21211, 63003, 63024, 21610, 63049, 63013]) {
      double.next({ kind: 'error', httpStatus: 400, code });
      const error = await failure(driver.send(message()));
      expect(error).toMatchObject({ retryable: false, code: String(code) });
    }
  });

  it('reports 63016 (free text outside the window) as its own permanent code, so delivery can fall back to the template', async () => {
    double.next({ kind: 'error', httpStatus: 400, code: 63016 });
    const error = await failure(driver.send(message({ freeText: true })));
    expect(error).toMatchObject({ retryable: false, code: '63016' });
  });

  it('fails a send with wrong credentials as retryable (fixing the configuration still delivers later)', async () => {
    const wrong = new TwilioWhatsAppDriver({
      accountSid: double.accountSid,
      authToken: 'wrong',
      from: FROM,
      baseUrl: double.url,
      timeoutMs: 1500,
    });
    expect(await failure(wrong.send(message()))).toMatchObject({ retryable: true, code: '20003', httpStatus: 401 });
  });

  it('lists what was accepted for one recipient since a time, across pages, like Twilio’s message list', async () => {
    const before = new Date(Date.now() - 1000);
    const to = '+966507770001';
    const sids = [] as string[];
    for (let i = 0; i < 120; i++) sids.push((await driver.send(message({ to, freeText: true, text: `رسالة ${i}` }))).providerMessageId);
    await driver.send(message({ to: '+966507770002', freeText: true, text: 'لرقم آخر' }));
    const listed = await driver.listSent(to, before);
    expect(listed).toHaveLength(120);
    expect(new Set(listed.map((m) => m.providerMessageId))).toEqual(new Set(sids));
    expect(listed.every((m) => m.to === to)).toBe(true);
    expect(listed.map((m) => m.body)).toContain('رسالة 7');
    const listRequest = double.requests.filter((r) => r.method === 'GET').at(0)!;
    expect(listRequest.query.get('To')).toBe(`whatsapp:${to}`);
    expect(listRequest.query.get('DateSent>')).toBe(before.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    expect(await driver.listSent(to, new Date(Date.now() + 60_000))).toEqual([]);
  });
});

describe('X-Twilio-Signature of callbacks', () => {
  const token = '12345678901234567890123456789012';
  const url = 'https://charity.example/api/webhooks/twilio/status';
  const params = { MessageSid: 'SM' + 'b'.repeat(32), MessageStatus: 'delivered', To: 'whatsapp:+966501112233', ErrorCode: '' };

  it('matches the signature made by the official twilio package', () => {
    const official = twilio.getExpectedTwilioSignature(token, url, params);
    expect(twilioSignature(token, url, params)).toBe(official);
    expect(isValidTwilioSignature(token, official, [url], params)).toBe(true);
    expect(twilio.validateRequest(token, twilioSignature(token, url, params), url, params)).toBe(true);
  });

  it('rejects a signature for other parameters, another URL or another token', () => {
    const official = twilio.getExpectedTwilioSignature(token, url, params);
    expect(isValidTwilioSignature(token, official, [url], { ...params, MessageStatus: 'read' })).toBe(false);
    expect(isValidTwilioSignature(token, official, ['https://evil.example/api/webhooks/twilio/status'], params)).toBe(false);
    expect(isValidTwilioSignature('another-token-another-token-12345', official, [url], params)).toBe(false);
    expect(isValidTwilioSignature(token, undefined, [url], params)).toBe(false);
  });
});

describe('Twilio settings', () => {
  const sid = 'AC' + 'f'.repeat(32);
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/charity-config-test', APP_SECRET: 'x'.repeat(40) };
  const twilioEnv = {
    WHATSAPP_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: sid,
    TWILIO_AUTH_TOKEN: 'token',
    TWILIO_FROM: 'whatsapp:+14155238886',
  };

  it('reads the defaults, content SIDs from JSON or one variable per key, and the limits', () => {
    const config = loadConfig({
      ...base,
      ...twilioEnv,
      WHATSAPP_CONTENT_SIDS: JSON.stringify({ newRequest: 'HX' + '1'.repeat(32) }),
      WHATSAPP_CONTENT_SID_STATUS_UPDATE: 'HX' + '2'.repeat(32),
      PUBLIC_BASE_URL: 'https://charity.example/',
    });
    expect(config.whatsapp.twilio.baseUrl).toBe('https://api.twilio.com');
    expect(config.whatsapp.ratePerSecond).toBe(80);
    expect(config.whatsapp.rateMarginMs).toBe(80);
    expect(config.whatsapp.dailyBusinessInitiatedCap).toBe(250);
    expect(config.whatsapp.publicBaseUrl).toBe('https://charity.example');
    expect(config.whatsapp.contentSids).toEqual({ newRequest: 'HX' + '1'.repeat(32), statusUpdate: 'HX' + '2'.repeat(32) });
  });

  it('refuses the twilio driver without its credentials, a production run without PUBLIC_BASE_URL, and malformed values', () => {
    expect(() => loadConfig({ ...base, WHATSAPP_PROVIDER: 'twilio' })).toThrow(/TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM/);
    expect(() => loadConfig({ ...base, ...twilioEnv, NODE_ENV: 'production' })).toThrow(/needs PUBLIC_BASE_URL/);
    expect(() => loadConfig({ ...base, ...twilioEnv, TWILIO_FROM: '+14155238886' })).toThrow(/TWILIO_FROM/);
    expect(() => loadConfig({ ...base, WHATSAPP_CONTENT_SIDS: '{"nope":"HX1"}' })).toThrow(/unknown template key "nope"/);
    expect(() => loadConfig({ ...base, WHATSAPP_CONTENT_SID_AUTO_REPLY: 'not-a-sid' })).toThrow(/content SID of autoReply/);
    expect(() => loadConfig({ ...base, WHATSAPP_RATE_PER_SECOND: '-1' })).toThrow(/WHATSAPP_RATE_PER_SECOND/);
  });
});
