import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { classifyInquiry, findBannedWord, normalizeQuickMessagePhone, resolveInquiry, validateQuickMessage } from './quick-message-rules';

describe('quick-message rules', () => {
  it('classifies by the keywords of decisions.md', () => {
    expect(classifyInquiry('أريد متابعة الطلب')).toEqual({ inquiryType: 'متابعة طلب سابق', inquirySubject: 'طلبات الطعام' });
    expect(classifyInquiry('Can I VOLUNTEER?')).toEqual({ inquiryType: 'الاستفسار عن التطوع', inquirySubject: 'التطوع' });
    expect(classifyInquiry('أود التبرع')).toEqual({ inquiryType: 'الاستفسار عن التبرعات', inquirySubject: 'التبرعات' });
    expect(classifyInquiry('ما هي خدماتكم')).toEqual({ inquiryType: 'استفسار عن خدمات الجمعية', inquirySubject: 'خدمات الجمعية' });
    // «الجمعية» (the association) is not «جمع» (collect).
    expect(classifyInquiry('شكراً للجمعية')).toEqual({ inquiryType: 'استفسار عام', inquirySubject: 'أخرى' });
    expect(resolveInquiry('تقديم اقتراح', 'unknown', 'أود التبرع')).toEqual({ inquiryType: 'تقديم اقتراح', inquirySubject: 'التبرعات' });
  });

  it('finds banned words as words, not inside other words', () => {
    expect(findBannedWord('هذا إعلان')).toBe('إعلان');
    expect(findBannedWord('الاعلان')).toBe('إعلان');
    expect(findBannedWord('spammy stuff')).toBe('spam');
    expect(findBannedWord('فصل الربيع')).toBeNull();
    // Selling and buying (spec's list): the words themselves, not a sale-free word holding the letters.
    expect(findBannedWord('أريد بيع طعام المناسبة')).toBe('بيع');
    expect(findBannedWord('شراء')).toBe('شراء');
    expect(findBannedWord('ترويج لمنتج')).toBe('ترويج');
    expect(findBannedWord('مبيعات')).toBeNull();
  });

  it('accepts the quick-message phone forms only', () => {
    expect(normalizeQuickMessagePhone('+966 50 123 4567')).toBe('0501234567');
    expect(normalizeQuickMessagePhone('٠٥٠١٢٣٤٥٦٧')).toBe('0501234567');
    expect(normalizeQuickMessagePhone('501234567')).toBeNull();
    fc.assert(
      fc.property(fc.stringMatching(/^\d{8}$/), (rest) => {
        for (const f of [`05${rest}`, `+9665${rest}`, `9665${rest}`]) expect(normalizeQuickMessagePhone(f)).toBe(`05${rest}`);
      }),
    );
  });

  it('checks the message length after trimming with the spec messages', () => {
    const r = validateQuickMessage({ senderName: 'a', senderPhone: '0501234567', originalMessage: '  abcd  ' });
    expect(!r.ok && r.errors.originalMessage).toBe('الرسالة قصيرة جداً (4 أحرف) - يرجى كتابة 5 أحرف على الأقل');
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 500 }), (n) => {
        expect(validateQuickMessage({ senderName: 'a', senderPhone: '0501234567', originalMessage: ` ${'ب'.repeat(n)} ` }).ok).toBe(true);
      }),
    );
  });
});
