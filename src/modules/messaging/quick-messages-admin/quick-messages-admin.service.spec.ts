import { describe, expect, it } from '@jest/globals';
import type { DbScope } from '../../../database/db-scope';
import { FakeClock } from '../../../common/clock/clock';
import type { ListQuery, Page } from '../../../common/http/list-query';
import type { QuickMessageItem } from '../../../shared/api/quick-messages';
import type { QuickMessageEntity } from '../entities/quick-message.entity';
import { FakeUnitOfWork, refusal } from '../../../../test/support/fakes';
import type { UnitOfWork } from '../../../database/unit-of-work';
import { ACK_GREETING_NAME } from '../quick-messages/quick-messages.service';
import type {
  QuickMessageFilterField,
  QuickMessageSortField,
  QuickMessageWhere,
  QuickMessagesAdminRepository,
} from './quick-messages-admin.repository';
import { QuickMessagesAdminService } from './quick-messages-admin.service';

// The service's rules against an in-memory repository and unit of work (the SQL is tested on PostgreSQL).

class FakeRepository {
  rows = new Map<number, Partial<QuickMessageEntity>>();
  lastList?: { query: Pick<ListQuery<QuickMessageSortField, QuickMessageFilterField>, 'sort' | 'skip' | 'take'>; where: QuickMessageWhere };

  async list(query: ListQuery<QuickMessageSortField, QuickMessageFilterField>, where: QuickMessageWhere): Promise<Page<QuickMessageItem>> {
    this.lastList = { query, where };
    return { rows: [], total: 0 };
  }
  async lock(_manager: DbScope, id: number) {
    return (this.rows.get(id) as QuickMessageEntity | undefined) ?? null;
  }
  async update(_manager: DbScope, id: number, changes: Partial<QuickMessageEntity>) {
    this.rows.set(id, { ...this.rows.get(id), ...changes });
  }
  async item(_manager: DbScope, id: number) {
    return (this.rows.get(id) as unknown as QuickMessageItem | undefined) ?? null;
  }
}

/** Requests 100 and 101 exist. */
const requests = { latestActiveId: async () => null, exists: async (_m: DbScope, id: number) => id === 100 || id === 101 };

function setup() {
  const repo = new FakeRepository();
  const uow = new FakeUnitOfWork();
  const clock = new FakeClock(new Date('2026-11-25T09:00:00Z'));
  const service = new QuickMessagesAdminService(
    repo as unknown as QuickMessagesAdminRepository,
    uow as unknown as UnitOfWork,
    clock,
    requests,
  );
  return { repo, uow, clock, service };
}

const query = (filter: ListQuery<QuickMessageSortField, QuickMessageFilterField>['filter']) => ({
  sort: { field: 'createdAt' as const, order: 'DESC' as const },
  skip: 25,
  take: 25,
  filter,
});

describe('QuickMessagesAdminService.list', () => {
  it('reads the search box as a number, a phone in any form, or text, and passes the page on', async () => {
    const { repo, service } = setup();
    await service.list(query({ q: '#42', status: 'failed', replied: false }));
    expect(repo.lastList).toEqual({
      query: expect.objectContaining({ skip: 25, take: 25 }),
      where: { search: { id: 42 }, status: 'failed', replied: false },
    });
    await service.list(query({ q: '+966 50 123 4567' }));
    expect(repo.lastList?.where).toEqual({ search: { phone: '0501234567' } });
    await service.list(query({ q: 'نورة', id: [3, 4] }));
    expect(repo.lastList?.where).toEqual({ search: { text: 'نورة' }, ids: [3, 4] });
    await service.list(query({ q: '   ' }));
    expect(repo.lastList?.where).toEqual({ search: undefined });
  });

  it.each([
    [{ status: 'delivered' }, 'status'],
    [{ replied: 'yes' }, 'replied'],
    [{ answered: 'no' }, 'answered'],
    [{ id: [0] }, 'id'],
    [{ id: 2 ** 31 }, 'id'],
    [{ q: 5 }, 'q'],
  ])('refuses %j with an Arabic message on the field', async (filter, field) => {
    const { service } = setup();
    const error = await refusal(service.list(query(filter)));
    expect(error.status).toBe(400);
    expect(error.options.errors?.[field]).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('QuickMessagesAdminService.retry and reply', () => {
  const stored = { id: 7, senderName: 'اربح www.prize.example', senderPhone: '0551234567', inquiryType: 'استفسار عام' };

  it('sends a failed acknowledgement again with the fixed greeting, and nothing for one that did not fail', async () => {
    const { repo, uow, service } = setup();
    repo.rows.set(7, { ...stored, status: 'sent' });
    const early = await refusal(service.retry(7));
    expect([early.status, early.code]).toEqual([409, 'NOT_FAILED']);
    expect(uow.sent).toEqual([]);

    repo.rows.set(7, { ...stored, status: 'failed', errorMessage: 'x' });
    await expect(service.retry(7)).resolves.toMatchObject({ success: true });
    expect(repo.rows.get(7)).toMatchObject({ status: 'pending', errorMessage: null });
    expect(uow.sent).toHaveLength(1);
    expect(uow.sent[0]).toMatchObject({
      templateKey: 'inquiryReceived',
      recipients: [{ whatsapp: '+966551234567', role: 'customer', optedIn: true }],
      variables: { senderName: ACK_GREETING_NAME, inquiryNumber: 7 },
    });
    expect(JSON.stringify(uow.sent[0])).not.toContain('prize');
    expect((await refusal(service.retry(8))).status).toBe(404);
  });

  it('records a trimmed reply with its time and sends it through customMessage; a blank one is refused', async () => {
    const { repo, uow, clock, service } = setup();
    repo.rows.set(7, { ...stored, status: 'sent' });
    const blank = await refusal(service.reply(7, '  \n '));
    expect(blank.options.errors).toEqual({ reply: 'نص الرد مطلوب' });

    await service.reply(7, '  نبدأ الاستلام الساعة الثامنة.  ');
    expect(repo.rows.get(7)).toMatchObject({
      adminReply: 'نبدأ الاستلام الساعة الثامنة.',
      repliedAt: clock.now(),
      replyStatus: 'pending',
      replyErrorMessage: null,
      answered: true,
      answeredAt: clock.now(),
    });
    expect(uow.sent).toEqual([
      expect.objectContaining({
        templateKey: 'customMessage',
        variables: { recipientName: stored.senderName, subject: 'استفساركم رقم #7', message: 'نبدأ الاستلام الساعة الثامنة.' },
      }),
    ]);
  });

  it('refuses a sender number that cannot receive WhatsApp, sending nothing', async () => {
    const { repo, uow, service } = setup();
    repo.rows.set(9, { ...stored, id: 9, senderPhone: '0312345678', status: 'failed' });
    const error = await refusal(service.retry(9));
    expect([error.status, error.code]).toEqual([422, 'INVALID_PHONE']);
    expect(uow.sent).toEqual([]);
  });
});

describe('QuickMessagesAdminService.change', () => {
  const stored: Partial<QuickMessageEntity> = {
    id: 7,
    senderName: 'سارة',
    senderPhone: '0551234567',
    status: 'sent',
    answered: false,
    answeredAt: null,
    requestId: null,
  };

  it('marks a message answered by hand with the time, and back again, sending nothing', async () => {
    const { repo, uow, clock, service } = setup();
    repo.rows.set(7, { ...stored });
    const done = await service.change(7, { answered: true });
    expect(done.message).toBe('تم تحديد الرسالة كمُجاب عنها');
    expect(repo.rows.get(7)).toMatchObject({ answered: true, answeredAt: clock.now() });
    await service.change(7, { answered: false });
    expect(repo.rows.get(7)).toMatchObject({ answered: false, answeredAt: null });
    expect(uow.sent).toEqual([]);
  });

  it('links a message to an existing request by number, refuses an unknown number on its field, and unlinks', async () => {
    const { repo, service } = setup();
    repo.rows.set(7, { ...stored });
    const missing = await refusal(service.change(7, { requestId: 999 }));
    expect(missing.status).toBe(400);
    expect(missing.options.errors).toEqual({ requestId: 'لا يوجد طلب برقم #999' });
    expect(repo.rows.get(7)?.requestId).toBeNull();
    const linked = await service.change(7, { requestId: 101 });
    expect(linked).toMatchObject({ message: 'تم ربط الرسالة بالطلب #101', item: { requestId: 101 } });
    await service.change(7, { requestId: null });
    expect(repo.rows.get(7)?.requestId).toBeNull();
  });

  it('refuses an empty change and an unknown message', async () => {
    const { repo, service } = setup();
    repo.rows.set(7, { ...stored });
    expect((await refusal(service.change(7, {}))).status).toBe(400);
    expect((await refusal(service.change(8, { answered: true }))).status).toBe(404);
  });
});
