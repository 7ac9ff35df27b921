import { describe, expect, it } from '@jest/globals';
import { DomainException } from '../../../common/errors/domain.exception';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_META, TEST_NOW } from '../../../../test/support/test-service';
import { SiteStatusService } from '../../system/site-status.service';
import { ConsentRepository } from '../consent/consent.repository';
import { AckAllowance } from './ack-allowance';
import { ACTIVE_REQUEST_LOOKUP, type ActiveRequestLookup } from './active-request-lookup';
import { QuickMessagesRepository } from './quick-messages.repository';
import { ACK_GREETING_NAME, QUICK_MESSAGE_CONSENT_TEXT, QuickMessagesService } from './quick-messages.service';

const form = (over: Record<string, unknown> = {}) => ({
  senderName: 'سارة www.prize.example',
  senderPhone: '+966 55 123 4567',
  originalMessage: '  أود متابعة طلب الاستلام لمناسبة الجمعة  ',
  ...over,
});

/** `latestRequest`: the sender's latest active request; `acknowledge`: whether today's acknowledgement allowance is left. */
function setup({ latestRequest = 1024 as number | null, acknowledge = true } = {}) {
  const lookup = { latestActiveId: async () => latestRequest, exists: async () => true } satisfies ActiveRequestLookup;
  const t = newTestService(QuickMessagesService, { provide: [[ACTIVE_REQUEST_LOOKUP, lookup]] });
  const messages = t.mock(QuickMessagesRepository);
  messages.insert.mockResolvedValue(77);
  t.mock(AckAllowance).take.mockResolvedValue(acknowledge);
  return { ...t, messages, consent: t.mock(ConsentRepository), acks: t.mock(AckAllowance) };
}

describe('QuickMessagesService.create', () => {
  it("stores the inquiry classified by its keywords, linked to the sender's active request, and answers in Arabic", async () => {
    const t = setup();
    await expect(t.sut.create(form(), TEST_META)).resolves.toEqual({
      id: 77,
      status: 'pending',
      inquiryType: 'متابعة طلب سابق',
      inquirySubject: 'طلبات الطعام',
      message: 'تم استلام رسالتك، وسيصلك الرد عبر واتساب قريباً',
    });
    expect(t.messages.insert).toHaveBeenCalledWith(expect.anything(), {
      senderName: 'سارة www.prize.example',
      senderPhone: '0551234567',
      inquiryType: 'متابعة طلب سابق',
      inquirySubject: 'طلبات الطعام',
      originalMessage: 'أود متابعة طلب الاستلام لمناسبة الجمعة',
      status: 'pending',
      requestId: 1024,
    });
    expect(t.activity.entries).toEqual([
      {
        action: 'quick_message_received',
        entityType: 'quick_message',
        entityId: 77,
        metadata: { inquiryType: 'متابعة طلب سابق', requestId: 1024 },
        ipAddress: '10.0.0.5',
        userAgent: 'tablet',
      },
    ]);
    expect(t.uow.commits).toBe(1);
  });

  it.each([
    [{}, 'أرغب في التطوع مع فريقكم', 'الاستفسار عن التطوع', 'التطوع'],
    [{}, 'كيف أستطيع التبرع للجمعية؟', 'الاستفسار عن التبرعات', 'التبرعات'],
    [{}, 'ما هي ساعات العمل لديكم؟', 'استفسار عام', 'أخرى'],
    [{ inquiryType: 'تقديم اقتراح', inquirySubject: 'الأنشطة الخيرية' }, 'أرغب في التطوع', 'تقديم اقتراح', 'الأنشطة الخيرية'],
    [{ inquiryType: 'شيء آخر', inquirySubject: '' }, 'أرغب في التطوع', 'الاستفسار عن التطوع', 'التطوع'],
  ])('keeps a known type and subject from the client, else classifies by keywords: %j «%s»', async (over, text, type, subject) => {
    const t = setup();
    const created = await t.sut.create(form({ ...over, originalMessage: text }), TEST_META);
    expect([created.inquiryType, created.inquirySubject]).toEqual([type, subject]);
    expect(t.messages.insert).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ inquiryType: type, inquirySubject: subject }),
    );
  });

  it("records the sender's WhatsApp consent by the quick-message form, with its text, time and address", async () => {
    const t = setup({ latestRequest: null });
    await t.sut.create(form(), TEST_META);
    expect(t.consent.record).toHaveBeenCalledWith(expect.anything(), {
      phone: '+966551234567',
      method: 'quick_message_form',
      text: QUICK_MESSAGE_CONSENT_TEXT,
      at: TEST_NOW,
      ip: '10.0.0.5',
      userAgent: 'tablet',
      requestId: null,
    });
  });

  it('acknowledges on WhatsApp with a fixed greeting, never the name as typed', async () => {
    const t = setup();
    await t.sut.create(form(), TEST_META);
    expect(t.acks.take).toHaveBeenCalledWith('+966551234567', '10.0.0.5');
    expect(t.uow.sent).toEqual([
      {
        templateKey: 'inquiryReceived',
        recipients: [{ whatsapp: '+966551234567', role: 'customer', optedIn: true }],
        variables: { senderName: ACK_GREETING_NAME, inquiryNumber: 77, inquiryType: 'متابعة طلب سابق' },
        reason: 'quick_message_received',
        subject: { type: 'quick_message', id: 77 },
        requesterWhatsapp: '+966551234567',
      },
    ]);
    expect(JSON.stringify(t.uow.sent)).not.toContain('prize');
  });

  it("still stores the inquiry but sends no acknowledgement once the day's allowance for the number or address is spent", async () => {
    const t = setup({ acknowledge: false });
    await expect(t.sut.create(form(), TEST_META)).resolves.toMatchObject({ id: 77, status: 'pending' });
    expect(t.messages.insert).toHaveBeenCalledTimes(1);
    expect(t.consent.record).toHaveBeenCalledTimes(1);
    expect(t.uow.commits).toBe(1);
    expect(t.uow.sent).toEqual([]);
  });

  it("refuses a form that breaks the rules with each field's Arabic reason, storing and sending nothing", async () => {
    const t = setup();
    const error = await refusal(t.sut.create(form({ senderPhone: '0123', originalMessage: 'بيع سيارة مستعملة' }), TEST_META));
    expect([error.status, error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(error.options.errors).toEqual({
      senderPhone: 'يرجى إدخال رقم هاتف سعودي صحيح (05xxxxxxxx)',
      originalMessage: 'الكلمة "بيع" غير مسموحة في الاستفسار - يرجى إزالتها وإعادة الإرسال',
    });
    const short = await refusal(t.sut.create(form({ originalMessage: '  شكرا ' }), TEST_META));
    expect(short.message).toBe('الرسالة قصيرة جداً (4 أحرف) - يرجى كتابة 5 أحرف على الأقل');
    expect(t.messages.insert).not.toHaveBeenCalled();
    expect(t.acks.take).not.toHaveBeenCalled();
    expect([t.uow.commits, t.uow.sent.length, t.activity.entries.length]).toEqual([0, 0, 0]);
  });

  it('refuses with 503 while the site is blocked, before reading the form', async () => {
    const t = setup();
    t.mock(SiteStatusService).assertOpen.mockRejectedValue(
      new DomainException(503, 'SITE_BLOCKED', 'الموقع متوقف مؤقتاً للصيانة، يرجى المحاولة لاحقاً'),
    );
    const error = await refusal(t.sut.create(form(), TEST_META));
    expect([error.status, error.code]).toEqual([503, 'SITE_BLOCKED']);
    expect(t.uow.commits).toBe(0);
    expect(t.acks.take).not.toHaveBeenCalled();
  });
});
