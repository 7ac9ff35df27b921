import { Injectable } from '@nestjs/common';
import { DomainException } from '../../../common/errors/domain.exception';
import { Clock } from '../../../common/clock/clock';
import { saudiPhoneToE164 } from '../../../shared/phone';
import { QuickMessageEntity } from '../entities/quick-message.entity';
import { QUICK_MESSAGE_SUBJECT } from '../outbox/delivery-recorder';
import { UnitOfWork } from '../outbox/unit-of-work';
import { QuickMessagesAdminRepository } from './quick-messages-admin.repository';
import { ACK_GREETING_NAME } from '../quick-messages/quick-messages.service';

export interface QuickMessageItem {
  id: number;
  requestId: number | null;
  phoneNumber: string;
  senderName: string;
  createdAt: Date;
  originalMessage: string;
  inquiryType: string;
  inquirySubject: string;
  status: string;
  adminReply: string | null;
  repliedAt: Date | null;
  replyStatus: string | null;
  replyErrorMessage: string | null;
  errorMessage: string | null;
}

export interface QuickMessagesList {
  messages: QuickMessageItem[];
  stats: { total: number; sent: number; failed: number; pending: number };
}

/** The administrators' quick-messages screen: list with stats, resend, bulk delete and reply. */
@Injectable()
export class QuickMessagesAdminService {
  constructor(
    private readonly repo: QuickMessagesAdminRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<QuickMessagesList> {
    const rows = await this.repo.all();
    const stats = { total: rows.length, sent: 0, failed: 0, pending: 0 };
    for (const r of rows) {
      if (r.status === 'sent' || r.status === 'delivered') stats.sent++;
      else if (r.status === 'failed') stats.failed++;
      else stats.pending++;
    }
    return {
      messages: rows.map((r) => ({
        id: r.id,
        requestId: r.requestId,
        phoneNumber: r.senderPhone,
        senderName: r.senderName,
        createdAt: r.createdAt,
        originalMessage: r.originalMessage,
        inquiryType: r.inquiryType,
        inquirySubject: r.inquirySubject,
        status: r.status,
        adminReply: r.adminReply,
        repliedAt: r.repliedAt,
        replyStatus: r.replyStatus,
        replyErrorMessage: r.replyErrorMessage,
        errorMessage: r.errorMessage,
      })),
      stats,
    };
  }

  /** Sends the acknowledgement again (failed ones only). */
  async retry(id: number): Promise<{ success: true; message: string }> {
    await this.uow.run(async (tx) => {
      const message = await this.repo.lock(tx.manager, id);
      if (!message) throw DomainException.notFound('الرسالة السريعة غير موجودة');
      if (message.status !== 'failed') throw new DomainException(409, 'NOT_FAILED', 'لا يمكن إعادة إرسال رسالة لم يفشل إرسالها');
      const phone = this.phoneOf(message);
      await this.repo.update(tx.manager, id, { status: 'pending', errorMessage: null });
      await tx.send({
        templateKey: 'inquiryReceived',
        recipients: [{ whatsapp: phone, role: 'customer', optedIn: true }],
        // The same fixed greeting as the first acknowledgement: nothing the visitor typed goes out.
        variables: { senderName: ACK_GREETING_NAME, inquiryNumber: id, inquiryType: message.inquiryType },
        reason: 'quick_message_retry',
        subject: { type: QUICK_MESSAGE_SUBJECT, id },
        requesterWhatsapp: phone,
      });
    });
    return { success: true, message: 'تمت إعادة إرسال الرسالة' };
  }

  async remove(ids: number[]): Promise<{ success: true; deleted: number; message: string }> {
    const deleted = await this.repo.remove(ids);
    return { success: true, deleted, message: `تم حذف ${deleted} رسالة` };
  }

  /** The administrator's answer, through the approved customMessage template; replyStatus follows its delivery. */
  async reply(id: number, reply: string): Promise<{ success: true; message: string; replyStatus: 'pending' }> {
    const text = reply.trim();
    if (!text) throw DomainException.validation({ reply: 'نص الرد مطلوب' });
    await this.uow.run(async (tx) => {
      const message = await this.repo.lock(tx.manager, id);
      if (!message) throw DomainException.notFound('الرسالة السريعة غير موجودة');
      const phone = this.phoneOf(message);
      await this.repo.update(tx.manager, id, {
        adminReply: text,
        repliedAt: this.clock.now(),
        replyStatus: 'pending',
        replyErrorMessage: null,
      });
      await tx.send({
        templateKey: 'customMessage',
        recipients: [{ whatsapp: phone, role: 'customer', optedIn: true }],
        variables: { recipientName: message.senderName, subject: `استفساركم رقم #${id}`, message: text },
        reason: 'quick_message_reply',
        subject: { type: QUICK_MESSAGE_SUBJECT, id },
        requesterWhatsapp: phone,
      });
    });
    return { success: true, message: 'تم إرسال الرد', replyStatus: 'pending' };
  }

  private phoneOf(message: QuickMessageEntity): string {
    const phone = saudiPhoneToE164(message.senderPhone);
    if (!phone) throw new DomainException(422, 'INVALID_PHONE', 'رقم جوال المرسل غير صالح للإرسال عبر واتساب');
    return phone;
  }
}
