import { Inject, Injectable } from '@nestjs/common';
import { DomainException } from '../../../common/errors/domain.exception';
import { Clock } from '../../../common/clock/clock';
import { saudiPhoneToE164 } from '../../../shared/phone';
import { QuickMessageEntity } from '../entities/quick-message.entity';
import { QUICK_MESSAGE_SUBJECT } from '../outbox/delivery-recorder';
import { UnitOfWork } from '../../../database/unit-of-work';
import { idsFilter, type ListQuery, type Page } from '../../../common/http/list-query';
import { QUICK_MESSAGE_STATUS_GROUPS } from '../../../shared/api/quick-messages';
import type { QuickMessageChange, QuickMessageItem, QuickMessageStats, QuickMessageStatusGroup } from '../../../shared/api/quick-messages';
import { parseRequestSearch } from '../../../shared/request-search';
import { QuickMessagesAdminErrors } from './quick-messages-admin-errors';
import { QuickMessagesAdminRepository } from './quick-messages-admin.repository';
import type { QuickMessageFilterField, QuickMessageSortField, QuickMessageWhere } from './quick-messages-admin.repository';
import { ACK_GREETING_NAME } from '../quick-messages/quick-messages.service';
import { ACTIVE_REQUEST_LOOKUP } from '../quick-messages/active-request-lookup';
import type { ActiveRequestLookup } from '../quick-messages/active-request-lookup';

const NOT_FOUND = 'الرسالة السريعة غير موجودة';

/** The administrators' quick-messages screen: the paged list and its stats, resend, bulk delete and reply. */
@Injectable()
export class QuickMessagesAdminService {
  constructor(
    private readonly repo: QuickMessagesAdminRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    @Inject(ACTIVE_REQUEST_LOOKUP) private readonly requests: ActiveRequestLookup,
  ) {}

  /** A page of the list (newest first by default), narrowed by status group, reply, answered state, search or ids. */
  async list(query: ListQuery<QuickMessageSortField, QuickMessageFilterField>): Promise<Page<QuickMessageItem>> {
    const { status, q, replied, answered, id } = query.filter;
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
    if (answered !== undefined && answered !== null && answered !== '') {
      if (typeof answered !== 'boolean') throw DomainException.validation({ answered: 'قيمة تصفية حالة الرد يجب أن تكون true أو false' });
      where.answered = answered;
    }
    const ids = idsFilter(id, 'رقم الرسالة غير صحيح');
    if (ids) where.ids = ids;
    if (q !== undefined && q !== null && typeof q !== 'string') throw DomainException.validation({ q: 'نص البحث يجب أن يكون نصاً' });
    if (typeof q === 'string') where.search = parseRequestSearch(q) ?? undefined;
    return this.repo.list(query, where);
  }

  /** One message as the list shows it (react-admin's getOne). */
  async one(id: number): Promise<QuickMessageItem> {
    const message = await this.repo.one(id);
    if (!message) throw DomainException.notFound(NOT_FOUND);
    return message;
  }

  stats(): Promise<QuickMessageStats> {
    return this.repo.stats();
  }

  /** Sends the acknowledgement again (failed ones only). */
  async retry(id: number): Promise<{ success: true; message: string }> {
    await this.uow.run(async (tx) => {
      const message = await this.repo.lock(tx, id);
      if (!message) throw DomainException.notFound(NOT_FOUND);
      if (message.status !== 'failed') throw QuickMessagesAdminErrors.NOT_FAILED();
      const phone = this.phoneOf(message);
      await this.repo.update(tx, id, { status: 'pending', errorMessage: null });
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
      const message = await this.repo.lock(tx, id);
      if (!message) throw DomainException.notFound(NOT_FOUND);
      const phone = this.phoneOf(message);
      const now = this.clock.now();
      await this.repo.update(tx, id, {
        adminReply: text,
        repliedAt: now,
        replyStatus: 'pending',
        replyErrorMessage: null,
        // A reply answers the message (a later failed delivery shows on the reply, and can be resent).
        answered: true,
        answeredAt: message.answered ? message.answeredAt : now,
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

  /**
   * Marks a message answered or not by hand (an answer given by phone, say), and/or links it to a
   * request by its number, which must exist (null unlinks). Answers the message as it now is.
   */
  async change(id: number, change: QuickMessageChange): Promise<{ success: true; message: string; item: QuickMessageItem }> {
    const { answered, requestId } = change;
    if (answered === undefined && requestId === undefined)
      throw DomainException.validation({ answered: 'حدد حالة الرد أو رقم الطلب' }, 'حدد حالة الرد أو رقم الطلب');
    const item = await this.uow.run(async (tx) => {
      const message = await this.repo.lock(tx, id);
      if (!message) throw DomainException.notFound(NOT_FOUND);
      if (typeof requestId === 'number' && !(await this.requests.exists(tx, requestId))) {
        const text = `لا يوجد طلب برقم #${requestId}`;
        throw DomainException.validation({ requestId: text }, text);
      }
      const changes: Partial<QuickMessageEntity> = {};
      if (answered !== undefined && answered !== message.answered) {
        changes.answered = answered;
        changes.answeredAt = answered ? this.clock.now() : null;
      }
      if (requestId !== undefined) changes.requestId = requestId;
      if (Object.keys(changes).length) await this.repo.update(tx, id, changes);
      return (await this.repo.item(tx, id))!;
    });
    return { success: true, message: changeMessage(change), item };
  }

  private phoneOf(message: QuickMessageEntity): string {
    const phone = saudiPhoneToE164(message.senderPhone);
    if (!phone) throw QuickMessagesAdminErrors.INVALID_PHONE();
    return phone;
  }
}

/** What the toast says after a change. */
function changeMessage({ answered, requestId }: QuickMessageChange): string {
  const parts: string[] = [];
  if (requestId === null) parts.push('تم إلغاء ربط الرسالة بالطلب');
  else if (requestId !== undefined) parts.push(`تم ربط الرسالة بالطلب #${requestId}`);
  if (answered === true) parts.push('تم تحديد الرسالة كمُجاب عنها');
  if (answered === false) parts.push('أُعيدت الرسالة إلى «لم يُرد عليها»');
  return parts.join('، ');
}
