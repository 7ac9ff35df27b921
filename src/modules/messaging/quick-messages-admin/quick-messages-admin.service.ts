import { Injectable } from '@nestjs/common';
import { DomainException } from '../../../common/errors/domain.exception';
import { Clock } from '../../../common/clock/clock';
import { saudiPhoneToE164 } from '../../../shared/phone';
import { QuickMessageEntity } from '../entities/quick-message.entity';
import { QUICK_MESSAGE_SUBJECT } from '../outbox/delivery-recorder';
import { UnitOfWork } from '../outbox/unit-of-work';
import type { ListQuery, Page } from '../../../common/http/list-query';
import { QUICK_MESSAGE_STATUS_GROUPS } from '../../../shared/api/quick-messages';
import type { QuickMessageItem, QuickMessageStats, QuickMessageStatusGroup } from '../../../shared/api/quick-messages';
import { parseRequestSearch } from '../../../shared/request-search';
import { QuickMessagesAdminRepository } from './quick-messages-admin.repository';
import type { QuickMessageFilterField, QuickMessageSortField, QuickMessageWhere } from './quick-messages-admin.repository';
import { ACK_GREETING_NAME } from '../quick-messages/quick-messages.service';

/** The administrators' quick-messages screen: the paged list and its stats, resend, bulk delete and reply. */
@Injectable()
export class QuickMessagesAdminService {
  constructor(
    private readonly repo: QuickMessagesAdminRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** A page of the list (newest first by default), narrowed by status group, reply, search or ids. */
  async list(query: ListQuery<QuickMessageSortField, QuickMessageFilterField>): Promise<Page<QuickMessageItem>> {
    const { status, q, replied, id } = query.filter;
    const where: QuickMessageWhere = {};
    if (status !== undefined && status !== null && status !== '') {
      if (!(QUICK_MESSAGE_STATUS_GROUPS as readonly unknown[]).includes(status))
        throw DomainException.validation({ status: 'حالة الرسالة يجب أن تكون: تم الإرسال أو فشل الإرسال أو قيد المعالجة' });
      where.status = status as QuickMessageStatusGroup;
    }
    if (replied !== undefined && replied !== null && replied !== '') {
      if (typeof replied !== 'boolean') throw DomainException.validation({ replied: 'قيمة تصفية الرد يجب أن تكون true أو false' });
      where.replied = replied;
    }
    if (id !== undefined) {
      const ids = Array.isArray(id) ? id : [id];
      if (!ids.every((n) => Number.isSafeInteger(n) && (n as number) > 0 && (n as number) <= 2_147_483_647))
        throw DomainException.validation({ id: 'رقم الرسالة غير صحيح' });
      where.ids = ids as number[];
    }
    if (q !== undefined && q !== null && typeof q !== 'string') throw DomainException.validation({ q: 'نص البحث يجب أن يكون نصاً' });
    if (typeof q === 'string') where.search = parseRequestSearch(q) ?? undefined;
    return this.repo.list(query, where);
  }

  stats(): Promise<QuickMessageStats> {
    return this.repo.stats();
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
