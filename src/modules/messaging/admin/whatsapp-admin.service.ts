import { Inject, Injectable } from '@nestjs/common';
import { DomainException } from '../../../common/errors/domain.exception';
import { maskPhone, normalizeE164, normalizeInternationalPhone } from '../../../shared/phone';
import { CONTACT_PHONE_MESSAGE, normalizeContactPhone } from '../../../shared/phone-contact';
import { checkTemplateCompliance, renderTemplate, TemplateComponent, TemplateInfo } from '../../../shared/templates';
import { AUTO_REPLY_SETTING_KEYS, SETTING_KEYS, SystemSettingsService } from '../../system/system-settings.service';
import { AdminNumbers, AdminNumbersService } from '../admin-numbers.service';
import { AssuranceAttemptEntity } from '../entities/assurance-attempt.entity';
import { TemplatesRepository } from '../templates/templates.repository';
import { WHATSAPP_TEMPLATES } from '../templates/whatsapp-templates';
import { WhatsAppAdminRepository } from './whatsapp-admin.repository';
import { UnitOfWork } from '../../../database/unit-of-work';
import { OutboxRecipient } from '../../../database/outbox-message';
import { WhatsAppEventsService } from '../webhooks/whatsapp-events.service';
import { APP_LOGGER } from '../../../common/logging/logger';
import type { Logger } from 'pino';
import { MessagingErrors } from '../messaging-errors';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';

export const AUTO_REPLY_KEYS = ['website', 'hours', 'area', 'phone1', 'phone2'] as const;
export type AutoReplyKey = (typeof AUTO_REPLY_KEYS)[number];
/** The auto-reply variables that hold one of the charity's phone numbers. */
const AUTO_REPLY_PHONE_KEYS: ReadonlySet<AutoReplyKey> = new Set(['phone1', 'phone2']);

const TEST_WAIT_MS = 5_000;
const DEFAULT_TEST_MESSAGE = 'هذه رسالة اختبار من نظام طلبات حفظ النعمة.';

export type { TemplateInfo };

/** The dashboard's WhatsApp cards: administrator numbers, test sending, templates, auto-reply variables. */
@Injectable()
export class WhatsAppAdminService {
  constructor(
    private readonly repo: WhatsAppAdminRepository,
    private readonly templates: TemplatesRepository,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    private readonly numbers: AdminNumbersService,
    private readonly settings: SystemSettingsService,
    private readonly uow: UnitOfWork,
    private readonly webhooks: WhatsAppEventsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  getNumbers(): Promise<AdminNumbers> {
    return this.numbers.get();
  }

  async setNumbers(input: unknown, username: string | null): Promise<AdminNumbers & { success: true; message: string }> {
    const current = await this.numbers.get();
    if (current.source === 'environment') {
      throw MessagingErrors.NUMBERS_FROM_ENVIRONMENT();
    }
    const raw = Array.isArray(input) ? input : typeof input === 'string' ? input.split(',') : null;
    if (!raw || raw.some((n) => typeof n !== 'string')) {
      throw DomainException.validation({ numbers: 'أرقام واتساب يجب أن تكون قائمة أرقام بالصيغة الدولية' });
    }
    const trimmed = (raw as string[]).map((n) => n.trim()).filter(Boolean);
    if (!trimmed.length) throw DomainException.validation({ numbers: 'يجب إدخال رقم واتساب واحد على الأقل' });
    const normalized: string[] = [];
    for (const n of trimmed) {
      // International format only (+ or 00): a bare local number could belong to any country.
      const e164 = normalizeInternationalPhone(n);
      if (!e164) throw DomainException.validation({ numbers: `الرقم ${n} غير صحيح، استخدم الصيغة الدولية مثل +966501234567` });
      if (!normalized.includes(e164)) normalized.push(e164);
    }
    await this.settings.set(SETTING_KEYS.adminWhatsappNumbers, JSON.stringify(normalized), username);
    return { success: true, message: 'تم حفظ أرقام واتساب المشرفين', numbers: normalized, source: 'database' };
  }

  async testSingle(testNumber: string, customMessage: string | undefined) {
    const phone = normalizeE164(testNumber);
    if (!phone) throw DomainException.validation({ testNumber: 'رقم الاختبار غير صحيح، استخدم الصيغة الدولية مثل +966501234567' });
    const [outcome] = await this.sendTest([{ whatsapp: phone, role: 'admin' }], customMessage);
    const ok = outcome.status !== 'failed' && outcome.status !== 'cancelled';
    return {
      success: ok,
      message: ok ? 'تم إرسال رسالة الاختبار' : 'فشل إرسال رسالة الاختبار',
      details: {
        phoneNumber: phone,
        statusMessage: statusText(outcome.status, outcome.error),
        instructions: ok
          ? 'تحقق من وصول الرسالة إلى واتساب على هذا الرقم خلال دقيقة.'
          : `تحقق من صحة الرقم ومن إعدادات مزود واتساب (المتغيرات ${this.config.whatsapp.provider === 'meta' ? 'META_*' : 'TWILIO_*'}) ثم أعد المحاولة.`,
      },
    };
  }

  async testBroadcast() {
    const recipients = await this.numbers.recipients();
    if (!recipients.length) {
      throw MessagingErrors.NO_ADMIN_NUMBERS();
    }
    const outcomes = await this.sendTest(recipients, undefined);
    const failed = outcomes.filter((o) => o.status === 'failed' || o.status === 'cancelled').length;
    const successful = outcomes.filter((o) => ['sent', 'delivered', 'read'].includes(o.status)).length;
    return {
      success: failed === 0,
      message: failed === 0 ? `تم إرسال رسالة الاختبار إلى ${outcomes.length} رقم` : `فشل الإرسال إلى ${failed} من ${outcomes.length} رقم`,
      summary: { total: outcomes.length, successful, failed },
    };
  }

  /** Enqueues a customMessage to each recipient and waits a few seconds for the worker's outcome. */
  private async sendTest(
    recipients: OutboxRecipient[],
    customMessage: string | undefined,
  ): Promise<{ status: string; error: string | null }[]> {
    const { attemptIds } = await this.uow.run((tx) =>
      tx.send({
        templateKey: 'customMessage',
        recipients,
        variables: { recipientName: 'المشرف', subject: 'اختبار واتساب', message: customMessage?.trim() || DEFAULT_TEST_MESSAGE },
        reason: 'admin_test',
      }),
    );
    const deadline = Date.now() + TEST_WAIT_MS;
    let rows: AssuranceAttemptEntity[];
    for (;;) {
      rows = await this.repo.attempts(attemptIds);
      if (rows.every((r) => r.status !== 'queued' && r.status !== 'sending') || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    this.logger.info({ to: recipients.map((r) => maskPhone(r.whatsapp)), statuses: rows.map((r) => r.status) }, 'whatsapp test sent');
    return rows.map((r) => ({ status: r.status, error: r.providerErrorMessage }));
  }

  async templateInfo(): Promise<TemplateInfo> {
    const rows = await this.templates.all();
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const templates: TemplateInfo['templates'] = {};
    const compliance: TemplateInfo['compliance'] = {};
    for (const seed of WHATSAPP_TEMPLATES) {
      const row = byKey.get(seed.key);
      const components = (
        Array.isArray(row?.components) && row.components.length ? row.components : seed.components
      ) as TemplateComponent[];
      templates[seed.key] = {
        name: row?.name ?? seed.name,
        language: row?.language ?? seed.language,
        category: row?.category ?? seed.category,
        // A Content SID is Twilio's; under Meta the card shows the template name, not a SID left from Twilio days.
        contentSid: this.config.whatsapp.provider === 'twilio' ? (row?.contentSid ?? null) : null,
        placeholdersCount: row?.placeholdersCount ?? seed.placeholdersCount,
        components: components.map((c) => ({ type: c.type, text: c.text, ...(c.url !== undefined ? { url: c.url } : {}) })),
      };
      compliance[seed.key] = checkTemplateCompliance(components);
    }
    return {
      totalTemplates: WHATSAPP_TEMPLATES.length,
      metaCompliant: Object.values(compliance).filter((c) => c.isCompliant).length,
      templates,
      compliance,
      useTemplates: await this.settings.isOn(SETTING_KEYS.whatsappUseTemplates, true),
      provider: this.config.whatsapp.provider,
    };
  }

  async toggleTemplateMode(useTemplates: boolean, username: string | null): Promise<{ message: string; useTemplates: boolean }> {
    await this.settings.set(SETTING_KEYS.whatsappUseTemplates, useTemplates ? 'true' : 'false', username);
    return {
      message: useTemplates
        ? 'تم تفعيل الإرسال بالقوالب المعتمدة'
        : 'تم إيقاف الإرسال بالقوالب؛ تُرسل الرسائل نصاً حراً داخل نافذة الـ24 ساعة',
      useTemplates,
    };
  }

  async autoResponseVariables(): Promise<{ variables: Record<AutoReplyKey, string>; preview: string }> {
    const variables = (await this.webhooks.autoReplyVariables()) as Record<AutoReplyKey, string>;
    const seed = WHATSAPP_TEMPLATES.find((t) => t.key === 'autoReply')!;
    return {
      variables,
      preview: renderTemplate(
        seed.components,
        seed.variables.map((name) => variables[name as AutoReplyKey] ?? ''),
      ),
    };
  }

  async setAutoResponseVariable(key: AutoReplyKey, value: string, username: string | null) {
    const settingKey = AUTO_REPLY_SETTING_KEYS[AUTO_REPLY_KEYS.indexOf(key)];
    let stored = value.trim();
    if (AUTO_REPLY_PHONE_KEYS.has(key)) {
      // The charity's numbers, by the contact-phone rule, stored in their national form like contact_phone.
      const phone = normalizeContactPhone(stored);
      if (!phone) throw DomainException.validation({ [key]: CONTACT_PHONE_MESSAGE }, CONTACT_PHONE_MESSAGE);
      stored = phone;
    }
    await this.settings.set(settingKey, stored, username);
    return { success: true, message: 'تم حفظ المتغير', ...(await this.autoResponseVariables()) };
  }
}

function statusText(status: string, error: string | null): string {
  switch (status) {
    case 'sent':
    case 'delivered':
    case 'read':
      return 'قبل مزود واتساب الرسالة وهي في طريقها إلى المستلم';
    case 'failed':
    case 'cancelled':
      return `تعذر الإرسال${error ? `: ${error}` : ''}`;
    default:
      return 'الرسالة في قائمة الإرسال وستصل خلال لحظات';
  }
}
