import { describe, expect, it } from '@jest/globals';
import { ATTEMPT_STATUSES, deliveryErrorText, statusCallbackApplies } from './delivery';

describe('deliveryErrorText', () => {
  it("reads Twilio's and Meta's codes alike in Arabic, and falls back to the stop reason or the code", () => {
    expect(deliveryErrorText('63003', null)).toBe('الرقم غير مسجل في واتساب');
    expect(deliveryErrorText('131026', 'failed')).toBe('الرقم غير مسجل في واتساب أو لا يستقبل الرسائل');
    expect(deliveryErrorText('131047', null)).toBe(deliveryErrorText('63016', null));
    expect(deliveryErrorText('132001', null)).toContain('ميتا');
    expect(deliveryErrorText('502', null)).toBe('تعطل مؤقت لدى المزوّد');
    expect(deliveryErrorText('999999', null)).toBe('تعذّر الإرسال (999999)');
  });
});

describe('statusCallbackApplies', () => {
  it('moves a message forward only, and never out of a final status (a cancelled message stays cancelled)', () => {
    expect(statusCallbackApplies('sending', 'sent')).toBe(true);
    expect(statusCallbackApplies('sent', 'read')).toBe(true);
    expect(statusCallbackApplies('read', 'delivered')).toBe(false);
    expect(statusCallbackApplies('delivered', 'delivered')).toBe(false);
    for (const final of ['failed', 'undelivered', 'cancelled'] as const)
      for (const next of ATTEMPT_STATUSES)
        expect({ final, next, applies: statusCallbackApplies(final, next) }).toEqual({ final, next, applies: false });
  });

  it('takes a failure only before the message was delivered', () => {
    expect(statusCallbackApplies('sent', 'failed')).toBe(true);
    expect(statusCallbackApplies('queued', 'undelivered')).toBe(true);
    expect(statusCallbackApplies('delivered', 'failed')).toBe(false);
    expect(statusCallbackApplies('read', 'undelivered')).toBe(false);
  });
});
