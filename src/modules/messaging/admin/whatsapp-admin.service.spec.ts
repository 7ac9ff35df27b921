import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService } from '../../../../test/support/test-service';
import { CONTACT_PHONE_MESSAGE } from '../../../shared/phone-contact';
import { SETTING_KEYS, SystemSettingsService } from '../../system/system-settings.service';
import { AdminNumbersService } from '../admin-numbers.service';
import type { AssuranceAttemptEntity } from '../entities/assurance-attempt.entity';
import { TemplatesRepository } from '../templates/templates.repository';
import { WhatsAppEventsService } from '../webhooks/whatsapp-events.service';
import { WhatsAppAdminRepository } from './whatsapp-admin.repository';
import { WhatsAppAdminService } from './whatsapp-admin.service';

const TWILIO_ENV = {
  WHATSAPP_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC' + '0'.repeat(32),
  TWILIO_AUTH_TOKEN: 'twilio-token',
  TWILIO_FROM: 'whatsapp:+966500000000',
};

type Outcome = Pick<AssuranceAttemptEntity, 'status' | 'providerErrorMessage'>;

/** `source`: where the administrator numbers come from; `outcomes`: what the worker made of each test message. */
function setup({ source = 'database' as 'database' | 'environment', outcomes = [] as Outcome[], env = {} } = {}) {
  const t = newTestService(WhatsAppAdminService, { env });
  const numbers = t.mock(AdminNumbersService);
  numbers.get.mockResolvedValue({ numbers: source === 'environment' ? ['+966501234567'] : [], source });
  t.mock(WhatsAppAdminRepository).attempts.mockResolvedValue(outcomes as AssuranceAttemptEntity[]);
  const settings = t.mock(SystemSettingsService);
  return { ...t, numbers, settings };
}

describe('WhatsAppAdminService.setNumbers', () => {
  it('keeps international numbers only once each, in E.164, in the dashboard setting', async () => {
    const t = setup();
    const saved = await t.sut.setNumbers(['+966 50 123 4567', '00966551112222', ' ', '+966501234567'], 'huda');
    expect(saved).toEqual({
      success: true,
      message: 'تم حفظ أرقام واتساب المشرفين',
      numbers: ['+966501234567', '+966551112222'],
      source: 'database',
    });
    expect(t.settings.set).toHaveBeenCalledWith(SETTING_KEYS.adminWhatsappNumbers, '["+966501234567","+966551112222"]', 'huda');
  });

  it.each([
    [['0501234567'], 'الرقم 0501234567 غير صحيح، استخدم الصيغة الدولية مثل +966501234567'],
    [[' ', ''], 'يجب إدخال رقم واتساب واحد على الأقل'],
    [[966501234567], 'أرقام واتساب يجب أن تكون قائمة أرقام بالصيغة الدولية'],
  ])('refuses %j with 400 and the reason on the numbers field, storing nothing', async (input, message) => {
    const t = setup();
    const error = await refusal(t.sut.setNumbers(input, 'huda'));
    expect([error.status, error.code, error.message]).toEqual([400, 'VALIDATION_FAILED', message]);
    expect(error.options.errors).toEqual({ numbers: message });
    expect(t.settings.set).not.toHaveBeenCalled();
  });

  it('refuses with 409 while ADMIN_WHATSAPP_NUMBERS decides the numbers', async () => {
    const t = setup({ source: 'environment' });
    const error = await refusal(t.sut.setNumbers(['+966551112222'], 'huda'));
    expect([error.status, error.code, error.message]).toEqual([
      409,
      'NUMBERS_FROM_ENVIRONMENT',
      'أرقام المشرفين محددة في متغير البيئة ADMIN_WHATSAPP_NUMBERS ولا يمكن تعديلها من لوحة التحكم',
    ]);
    expect(t.settings.set).not.toHaveBeenCalled();
  });
});

describe('WhatsAppAdminService test messages', () => {
  it('sends one customMessage to the number as an administrator (no consent needed) and reports it accepted', async () => {
    const t = setup({ outcomes: [{ status: 'sent', providerErrorMessage: null }] });
    const result = await t.sut.testSingle('0501234567', '  ');
    expect(t.uow.commits).toBe(1);
    expect(t.uow.sent).toEqual([
      {
        templateKey: 'customMessage',
        recipients: [{ whatsapp: '+966501234567', role: 'admin' }],
        variables: { recipientName: 'المشرف', subject: 'اختبار واتساب', message: 'هذه رسالة اختبار من نظام طلبات حفظ النعمة.' },
        reason: 'admin_test',
      },
    ]);
    expect(result).toEqual({
      success: true,
      message: 'تم إرسال رسالة الاختبار',
      details: {
        phoneNumber: '+966501234567',
        statusMessage: 'قبل مزود واتساب الرسالة وهي في طريقها إلى المستلم',
        instructions: 'تحقق من وصول الرسالة إلى واتساب على هذا الرقم خلال دقيقة.',
      },
    });
    // The log names the number masked, never in full.
    expect(t.logLines.join('')).toContain('+966*******67');
    expect(t.logLines.join('')).not.toContain('501234567');
  });

  it("says why a test failed and which provider's variables to check", async () => {
    const t = setup({ outcomes: [{ status: 'failed', providerErrorMessage: 'الرقم غير مسجل في واتساب' }], env: TWILIO_ENV });
    const result = await t.sut.testSingle('+966501234567', 'تجربة');
    expect(t.uow.sent[0].variables?.message).toBe('تجربة');
    expect(result.success).toBe(false);
    expect(result.message).toBe('فشل إرسال رسالة الاختبار');
    expect(result.details.statusMessage).toBe('تعذر الإرسال: الرقم غير مسجل في واتساب');
    expect(result.details.instructions).toBe('تحقق من صحة الرقم ومن إعدادات مزود واتساب (المتغيرات TWILIO_*) ثم أعد المحاولة.');
  });

  it('refuses a test number that is not a phone number, sending nothing', async () => {
    const t = setup();
    const error = await refusal(t.sut.testSingle('123', undefined));
    expect([error.status, error.message]).toEqual([400, 'رقم الاختبار غير صحيح، استخدم الصيغة الدولية مثل +966501234567']);
    expect(error.options.errors).toEqual({ testNumber: error.message });
    expect(t.uow.commits).toBe(0);
  });

  it('broadcasts to every administrator and counts the failures; with no administrator number it answers 503', async () => {
    const t = setup({
      outcomes: [
        { status: 'delivered', providerErrorMessage: null },
        { status: 'cancelled', providerErrorMessage: null },
      ],
    });
    t.numbers.recipients.mockResolvedValue([
      { whatsapp: '+966501234567', role: 'admin' },
      { whatsapp: '+966551112222', role: 'admin' },
    ]);
    await expect(t.sut.testBroadcast()).resolves.toEqual({
      success: false,
      message: 'فشل الإرسال إلى 1 من 2 رقم',
      summary: { total: 2, successful: 1, failed: 1 },
    });
    expect(t.uow.sent[0].recipients.map((r) => r.whatsapp)).toEqual(['+966501234567', '+966551112222']);

    const empty = setup();
    empty.numbers.recipients.mockResolvedValue([]);
    const error = await refusal(empty.sut.testBroadcast());
    expect([error.status, error.code]).toEqual([503, 'NO_ADMIN_NUMBERS']);
    expect(error.message).toBe('لا توجد أرقام واتساب للمشرفين؛ أضفها أولاً أو اضبط ADMIN_WHATSAPP_NUMBERS');
    expect(empty.uow.commits).toBe(0);
  });
});

describe('WhatsAppAdminService templates and auto-reply', () => {
  it('shows a Content SID only under Twilio, and the stored components over the built-in ones', async () => {
    const stored = { key: 'customMessage', contentSid: 'HX123', components: [{ type: 'BODY', text: 'مرحباً {{1}} {{2}} {{3}}' }] };
    for (const [env, sid] of [
      [TWILIO_ENV, 'HX123'],
      [{}, null],
    ] as const) {
      const t = setup({ env });
      t.mock(TemplatesRepository).all.mockResolvedValue([stored] as never);
      t.settings.isOn.mockResolvedValue(false);
      const info = await t.sut.templateInfo();
      expect(info.templates.customMessage.contentSid).toBe(sid);
      expect(info.templates.customMessage.components).toEqual([{ type: 'BODY', text: 'مرحباً {{1}} {{2}} {{3}}' }]);
      expect(info.templates.autoReply.contentSid).toBeNull();
      expect(info.useTemplates).toBe(false);
    }
  });

  it('stores an auto-reply phone in the contact-phone form and refuses one that is not a phone, storing nothing', async () => {
    const t = setup();
    t.mock(WhatsAppEventsService).autoReplyVariables.mockResolvedValue({
      website: 'https://hifz.example',
      hours: '٨ص-١٠م',
      area: 'الرياض',
      phone1: '0551234567',
      phone2: '-',
    });
    const saved = await t.sut.setAutoResponseVariable('phone1', ' +966 55 123 4567 ', 'huda');
    expect(t.settings.set).toHaveBeenCalledWith('auto_reply_phone1', '0551234567', 'huda');
    expect(saved.message).toBe('تم حفظ المتغير');
    expect(saved.preview).toContain('للتواصل المباشر: 0551234567 أو -');

    t.settings.set.mockClear();
    const error = await refusal(t.sut.setAutoResponseVariable('phone2', 'اتصل بنا', 'huda'));
    expect([error.status, error.message]).toEqual([400, CONTACT_PHONE_MESSAGE]);
    expect(error.options.errors).toEqual({ phone2: CONTACT_PHONE_MESSAGE });
    expect(t.settings.set).not.toHaveBeenCalled();

    // Other variables are kept as typed, trimmed.
    await t.sut.setAutoResponseVariable('hours', '  من ٨ صباحاً  ', 'huda');
    expect(t.settings.set).toHaveBeenCalledWith('auto_reply_hours', 'من ٨ صباحاً', 'huda');
  });
});
