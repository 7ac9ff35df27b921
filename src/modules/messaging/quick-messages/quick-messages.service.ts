import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import type { RequestMeta } from '../../../common/http/request-meta';
import { APP_LOGGER } from '../../../common/logging/logger';
import { maskPhone, saudiPhoneToE164 } from '../../../shared/phone';
import { QUICK_MESSAGE_MESSAGES, validateQuickMessage } from '../../../shared/quick-message-rules';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { SiteStatusService } from '../../system/site-status.service';
import { UnitOfWork } from '../../../database/unit-of-work';
import { AckAllowance } from './ack-allowance';
import { ConsentRepository } from '../consent/consent.repository';
import { ACTIVE_REQUEST_LOOKUP } from './active-request-lookup';
import type { ActiveRequestLookup } from './active-request-lookup';
import { QuickMessagesRepository } from './quick-messages.repository';

export interface CreatedQuickMessage {
  id: number;
  status: 'pending';
  inquiryType: string;
  inquirySubject: string;
  message: string;
}

/** How the acknowledgement addresses the sender ("Hello {{1}}"): never the name as typed. */
export const ACK_GREETING_NAME = 'عميلنا الكريم';

/** The consent a quick message stands for (decisions.md): the answer comes on WhatsApp. */
export const QUICK_MESSAGE_CONSENT_TEXT = 'بإرسال الرسالة أوافق على أن تردّ الجمعية على استفساري عبر واتساب على الرقم الذي أدخلته.';

/**
 * POST /api/quick-messages: re-checks the form's rules, classifies the inquiry, links the sender's
 * latest active request, records the WhatsApp opt-in and enqueues the acknowledgement, in one transaction.
 */
@Injectable()
export class QuickMessagesService {
  constructor(
    private readonly clock: Clock,
    private readonly siteStatus: SiteStatusService,
    private readonly uow: UnitOfWork,
    private readonly activity: ActivityLogService,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    private readonly acks: AckAllowance,
    private readonly consent: ConsentRepository,
    private readonly messages: QuickMessagesRepository,
    @Inject(ACTIVE_REQUEST_LOOKUP) private readonly activeRequests: ActiveRequestLookup,
  ) {}

  async create(payload: unknown, meta: RequestMeta): Promise<CreatedQuickMessage> {
    await this.siteStatus.assertOpen();
    const result = validateQuickMessage(payload);
    if (!result.ok) throw DomainException.validation(result.errors);
    const msg = result.value;
    const e164 = saudiPhoneToE164(msg.senderPhone) as string;

    const acknowledge = await this.acks.take(e164, meta.ip);
    const id = await this.uow.run(async (tx) => {
      const manager = tx;
      const requestId = await this.activeRequests.latestActiveId(manager, msg.senderPhone);
      const newId = await this.messages.insert(manager, {
        senderName: msg.senderName,
        senderPhone: msg.senderPhone,
        inquiryType: msg.inquiryType,
        inquirySubject: msg.inquirySubject,
        originalMessage: msg.originalMessage,
        status: 'pending',
        requestId,
      });
      await this.consent.record(manager, {
        phone: e164,
        method: 'quick_message_form',
        text: QUICK_MESSAGE_CONSENT_TEXT,
        at: this.clock.now(),
        ip: meta.ip,
        userAgent: meta.userAgent,
        requestId,
      });
      await this.activity.record(manager, {
        action: 'quick_message_received',
        entityType: 'quick_message',
        entityId: newId,
        metadata: { inquiryType: msg.inquiryType, requestId },
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
      });
      if (!acknowledge) return newId;
      await tx.send({
        templateKey: 'inquiryReceived',
        recipients: [{ whatsapp: e164, role: 'customer', optedIn: true }],
        // Nothing the visitor typed goes out under the charity's name (a name field can carry a link):
        // a fixed greeting, the inquiry's number and its type from the fixed list.
        variables: { senderName: ACK_GREETING_NAME, inquiryNumber: newId, inquiryType: msg.inquiryType },
        reason: 'quick_message_received',
        subject: { type: 'quick_message', id: newId },
        requesterWhatsapp: e164,
      });
      return newId;
    });

    this.logger.info({ quickMessageId: id, phone: maskPhone(msg.senderPhone) }, 'quick message received');
    return {
      id,
      status: 'pending',
      inquiryType: msg.inquiryType,
      inquirySubject: msg.inquirySubject,
      message: QUICK_MESSAGE_MESSAGES.received,
    };
  }
}
