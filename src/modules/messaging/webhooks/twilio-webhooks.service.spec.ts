import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { refusal } from '../../../../test/support/fakes';
import { newTestService } from '../../../../test/support/test-service';
import { TwilioWebhooksService } from './twilio-webhooks.service';
import { WhatsAppEventsService } from './whatsapp-events.service';

const TOKEN = 'twilio-auth-token';
const TWILIO_ENV = { TWILIO_AUTH_TOKEN: TOKEN, PUBLIC_BASE_URL: 'https://hifz.example' };
const PATH = '/api/webhooks/twilio/inbound';

function setup(env: Record<string, string> = TWILIO_ENV) {
  const t = newTestService(TwilioWebhooksService, { env });
  const events = t.mock(WhatsAppEventsService);
  events.status.mockResolvedValue({ changed: true });
  events.inbound.mockResolvedValue('auto_reply');
  return { ...t, events };
}

/** Twilio's X-Twilio-Signature as its documentation states it: base64 HMAC-SHA1 of the URL and each parameter name and value, sorted by name. */
function sign(url: string, params: Record<string, string>, token = TOKEN): string {
  const data =
    url +
    Object.keys(params)
      .sort()
      .map((k) => k + params[k])
      .join('');
  return createHmac('sha1', token).update(data, 'utf8').digest('base64');
}

const params = { From: 'whatsapp:+966551234567', Body: 'إيقاف', MessageSid: 'SM123' };

describe('TwilioWebhooksService.verify', () => {
  it('accepts a signature of the public address, with or without the default port, or of the address the request reached', () => {
    const t = setup();
    const internal = 'http://10.0.0.7:3000' + PATH;
    for (const url of ['https://hifz.example' + PATH, 'https://hifz.example:443' + PATH, internal]) {
      expect(() => t.sut.verify(sign(url, params), PATH, internal, params)).not.toThrow();
    }
  });

  it('refuses with 403 a missing or wrong signature, one over other parameters, or any without an auth token', async () => {
    const url = 'https://hifz.example' + PATH;
    const cases: [Record<string, string>, string | undefined][] = [
      [TWILIO_ENV, undefined],
      [TWILIO_ENV, sign(url, params, 'another-token')],
      [TWILIO_ENV, sign(url, { ...params, Body: 'اشتراك' })],
      [TWILIO_ENV, sign('https://evil.example' + PATH, params)],
      [{ PUBLIC_BASE_URL: 'https://hifz.example' }, sign(url, params)],
    ];
    for (const [env, signature] of cases) {
      const error = await refusal((async () => setup(env).sut.verify(signature, PATH, 'http://10.0.0.7:3000' + PATH, params))());
      expect([error.status, error.code, error.message]).toEqual([403, 'INVALID_SIGNATURE', 'توقيع الطلب غير صحيح']);
    }
  });
});

describe('TwilioWebhooksService.status and inbound', () => {
  it("reads Twilio's status callback into the shared event, the older Sms names included", async () => {
    const t = setup();
    await t.sut.status({ MessageSid: 'SM1', MessageStatus: 'undelivered', ErrorCode: '30008', ErrorMessage: 'Unknown error' });
    await t.sut.status({ SmsSid: 'SM2', SmsStatus: 'delivered' });
    expect(t.events.status.mock.calls.map(([e]) => e)).toEqual([
      { provider: 'twilio', providerMessageId: 'SM1', status: 'undelivered', errorCode: '30008', errorMessage: 'Unknown error' },
      { provider: 'twilio', providerMessageId: 'SM2', status: 'delivered', errorCode: null, errorMessage: null },
    ]);
  });

  it('hands an inbound message on with the number in E.164, and ignores one whose sender is not a number', async () => {
    const t = setup();
    await expect(t.sut.inbound(params)).resolves.toBe('auto_reply');
    expect(t.events.inbound).toHaveBeenCalledWith({ provider: 'twilio', phone: '+966551234567', text: 'إيقاف', messageId: 'SM123' });

    await expect(t.sut.inbound({ From: 'whatsapp:not-a-number', Body: 'STOP', MessageSid: 'SM124' })).resolves.toBe('none');
    await t.sut.inbound({ From: 'whatsapp:+966551234567', MessageSid: '' } as Record<string, string>);
    expect(t.events.inbound).toHaveBeenCalledTimes(2);
    expect(t.events.inbound).toHaveBeenLastCalledWith({ provider: 'twilio', phone: '+966551234567', text: '', messageId: null });
  });
});
