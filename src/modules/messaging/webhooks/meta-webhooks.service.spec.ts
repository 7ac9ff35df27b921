import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { refusal } from '../../../../test/support/fakes';
import { newTestService } from '../../../../test/support/test-service';
import { MetaWebhooksService } from './meta-webhooks.service';
import { WhatsAppEventsService } from './whatsapp-events.service';

const OURS = '106540352242922';
const META_ENV = { META_APP_SECRET: 'meta-app-secret', META_VERIFY_TOKEN: 'verify-me', META_PHONE_NUMBER_ID: OURS };

function setup(env: Record<string, string> = META_ENV) {
  const t = newTestService(MetaWebhooksService, { env });
  const events = t.mock(WhatsAppEventsService);
  const order: string[] = [];
  events.status.mockImplementation(async (e) => (order.push(`status ${e.providerMessageId}`), { changed: true }));
  events.inbound.mockImplementation(async (e) => (order.push(`inbound ${e.messageId}`), 'none'));
  return { ...t, events, order };
}

/** Meta's signature: sha256= and the hex HMAC-SHA256 of the exact body bytes under the app secret. */
const sign = (body: Buffer, secret = META_ENV.META_APP_SECRET) => 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');

const notification = (phoneNumberId: string, value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '1',
      changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: phoneNumberId }, ...value } }],
    },
  ],
});

describe('MetaWebhooksService.handshake', () => {
  it('answers the challenge for a subscription with our verify token', () => {
    expect(setup().sut.handshake('subscribe', 'verify-me', '1158201444')).toBe('1158201444');
  });

  it.each([
    ['another token', ['subscribe', 'verify-you', '1158201444'], META_ENV],
    ['another mode', ['unsubscribe', 'verify-me', '1158201444'], META_ENV],
    ['a challenge that is not printable text', ['subscribe', 'verify-me', '<script>\n'], META_ENV],
    ['no META_VERIFY_TOKEN configured', ['subscribe', 'verify-me', '1158201444'], {}],
  ])('refuses %s with 403', async (_case, [mode, token, challenge], env) => {
    const error = await refusal((async () => setup(env).sut.handshake(mode, token, challenge))());
    expect([error.status, error.code, error.message]).toEqual([403, 'INVALID_VERIFY_TOKEN', 'رمز التحقق من الاشتراك غير صحيح']);
  });
});

describe('MetaWebhooksService.verify', () => {
  // Meta escapes non-ASCII as \uXXXX: the bytes it signed are not what JSON.stringify makes of the parsed body.
  const raw = Buffer.from('{"text":"\\u0625\\u064a\\u0642\\u0627\\u0641"}');

  it('accepts the signature of the exact bytes received', () => {
    expect(() => setup().sut.verify(sign(raw), raw)).not.toThrow();
  });

  it('refuses with 403 a missing or wrong signature, one over the re-serialised body, or any without an app secret', async () => {
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString())));
    const cases: [Record<string, string>, string | undefined, Buffer | undefined][] = [
      [META_ENV, undefined, raw],
      [META_ENV, sign(raw, 'another-secret'), raw],
      [META_ENV, sign(reserialised), raw],
      [META_ENV, sign(raw), undefined],
      [{}, sign(raw), raw],
    ];
    for (const [env, signature, body] of cases) {
      const error = await refusal((async () => setup(env).sut.verify(signature, body))());
      expect([error.status, error.code, error.message]).toEqual([403, 'INVALID_SIGNATURE', 'توقيع الطلب غير صحيح']);
    }
  });
});

describe('MetaWebhooksService.receive', () => {
  it('hands statuses and then inbound messages of our number to the shared rules, in the order Meta gave them', async () => {
    const t = setup();
    const body = notification(OURS, {
      statuses: [
        { id: 'wamid.A', status: 'delivered' },
        { id: 'wamid.B', status: 'failed', errors: [{ code: 131047, title: 'Re-engagement message' }] },
      ],
      messages: [{ from: '966551234567', id: 'wamid.C', type: 'text', text: { body: 'إيقاف' } }],
    });
    await expect(t.sut.receive(body)).resolves.toEqual({ statuses: 2, inbound: 1 });
    expect(t.order).toEqual(['status wamid.A', 'status wamid.B', 'inbound wamid.C']);
    expect(t.events.status).toHaveBeenCalledWith({
      provider: 'meta',
      providerMessageId: 'wamid.B',
      status: 'failed',
      errorCode: '131047',
      errorMessage: 'Re-engagement message',
    });
    expect(t.events.inbound).toHaveBeenCalledWith({ provider: 'meta', phone: '+966551234567', text: 'إيقاف', messageId: 'wamid.C' });
  });

  it("ignores another phone number's notifications", async () => {
    const t = setup();
    const body = notification('999999999', {
      statuses: [{ id: 'wamid.A', status: 'read' }],
      messages: [{ from: '966551234567', id: 'wamid.C', type: 'text', text: { body: 'STOP' } }],
    });
    await expect(t.sut.receive(body)).resolves.toEqual({ statuses: 0, inbound: 0 });
    expect(t.order).toEqual([]);
  });
});
