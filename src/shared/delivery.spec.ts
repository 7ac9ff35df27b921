import { describe, expect, it } from '@jest/globals';
import { deliveryErrorText } from './delivery';

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
