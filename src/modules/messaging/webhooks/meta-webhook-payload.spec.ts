import { describe, expect, it } from '@jest/globals';
import { readMetaWebhook } from './meta-webhook-payload';

const ours = '106540352242922';
const change = (value: Record<string, unknown>, phoneNumberId = ours, field = 'messages') => ({
  object: 'whatsapp_business_account',
  entry: [
    { id: '1', changes: [{ field, value: { messaging_product: 'whatsapp', metadata: { phone_number_id: phoneNumberId }, ...value } }] },
  ],
});

describe("reading Meta's messages webhook", () => {
  it('reads statuses with their first error, and inbound text, quick-reply buttons and interactive replies', () => {
    const content = readMetaWebhook(
      change({
        statuses: [
          { id: 'wamid.A', status: 'delivered', recipient_id: '966501112233' },
          {
            id: 'wamid.B',
            status: 'failed',
            errors: [{ code: 131047, title: 'Re-engagement message', error_data: { details: 'over 24h' } }],
          },
        ],
        messages: [
          { from: '966501112233', id: 'wamid.C', type: 'text', text: { body: 'إيقاف' } },
          { from: '966501112234', id: 'wamid.D', type: 'button', button: { text: 'اشتراك', payload: 'x' } },
          { from: '447700900123', id: 'wamid.E', type: 'interactive', interactive: { type: 'list_reply', list_reply: { title: 'STOP' } } },
          { from: '966501112235', id: 'wamid.F', type: 'image', image: { id: '1' } },
          { from: '966501112236', id: 'wamid.G', type: 'reaction', reaction: { emoji: '👍' } },
          { from: '966501112237', id: 'wamid.H', type: 'system', system: { body: 'changed number' } },
        ],
      }),
      ours,
    );
    expect(content.statuses).toEqual([
      { provider: 'meta', providerMessageId: 'wamid.A', status: 'delivered', errorCode: null, errorMessage: null },
      {
        provider: 'meta',
        providerMessageId: 'wamid.B',
        status: 'failed',
        errorCode: '131047',
        errorMessage: 'Re-engagement message — over 24h',
      },
    ]);
    expect(content.inbound).toEqual([
      { provider: 'meta', phone: '+966501112233', text: 'إيقاف', messageId: 'wamid.C' },
      { provider: 'meta', phone: '+966501112234', text: 'اشتراك', messageId: 'wamid.D' },
      { provider: 'meta', phone: '+447700900123', text: 'STOP', messageId: 'wamid.E' },
      { provider: 'meta', phone: '+966501112235', text: '', messageId: 'wamid.F' },
    ]);
  });

  it("skips another number's changes and other fields, and never throws on malformed bodies", () => {
    expect(readMetaWebhook(change({ statuses: [{ id: 'wamid.A', status: 'read' }] }, '999'), ours)).toMatchObject({
      statuses: [],
      skipped: 1,
    });
    expect(readMetaWebhook(change({}, ours, 'account_update'), ours)).toMatchObject({ skipped: 1 });
    for (const body of [null, 'x', 42, [], { entry: 'x' }, { entry: [null, { changes: [null, { field: 'messages', value: 'x' }] }] }]) {
      expect(() => readMetaWebhook(body, ours)).not.toThrow();
    }
    const odd = readMetaWebhook(
      change({ statuses: [null, { id: 7 }, { id: 'wamid.Z' }], messages: [null, { from: 'not-a-number', type: 'text' }, { id: 'x' }] }),
      ours,
    );
    expect(odd).toMatchObject({ statuses: [], inbound: [] });
  });
});
