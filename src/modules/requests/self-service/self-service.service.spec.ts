import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, testConfig, TEST_META } from '../../../../test/support/test-service';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import type { DbScope } from '../../../database/db-scope';
import { Clock } from '../../../common/clock/clock';
import { PublicContentService } from '../../content/public/public-content.service';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import { HomepageStatisticsService } from '../../reports/homepage/homepage-statistics.service';
import type { RequestEntity } from '../entities/request.entity';
import { RequestStatusRepository } from '../request-status.repository';
import { RequestStatusService } from '../request-status.service';
import { SelfServiceLinks } from './self-service-links';
import { SelfServiceRepository, type SelfServiceRow } from './self-service.repository';
import { SelfServiceService } from './self-service.service';

// The host's page against in-memory requests: the cancellation goes through the real status change
// (history, activity row, the host's statusUpdate), with every storage and sender faked.

const links = new SelfServiceLinks(testConfig());
const SALT = 'salt-of-1024';
const TOKEN = links.tokenOf(SALT);
const LINK_NOT_FOUND = 'رابط الطلب غير صحيح أو انتهت صلاحيته';
const ADMIN_NUMBER = { whatsapp: '+966500000001', role: 'admin' as const };

type HistoryRow = Parameters<RequestStatusRepository['recordHistory']>[1];

/** requests and their history, read by the status change (lock/save) and by the host's page (view). */
class FakeRequests {
  rows = new Map<number, RequestEntity>();
  history: HistoryRow[] = [];
  charityPhone: string | null = '0143221234';
  viewed = 0;
  async lock(_tx: DbScope, id: number) {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }
  async save(_tx: DbScope, request: RequestEntity) {
    this.rows.set(request.id, structuredClone(request));
  }
  async recordHistory(_tx: DbScope, row: HistoryRow) {
    this.history.push(row);
  }
  async view(hash: string): Promise<SelfServiceRow | null> {
    this.viewed += 1;
    const r = [...this.rows.values()].find((row) => row.selfServiceTokenHash === hash);
    if (!r) return null;
    return {
      id: r.id,
      status: r.fields.status,
      eventDate: r.fields.eventDate,
      endTime: r.fields.endTime,
      attendeeCount: r.fields.attendeeCount,
      eventType: r.fields.eventType,
      eventTypeLabel: 'حفل زواج',
      fullAddress: r.fields.fullAddress,
      placeLabel: 'قاعة الياسمين',
      foodTypeLabels: ['أرز', 'لحوم'],
      createdAt: r.createdAt,
      charityPhone: this.charityPhone,
      history: this.history
        .filter((h) => h.requestId === r.id)
        .map((h) => ({ to: h.toStatus, actor: h.actorType, reason: h.reason, at: h.createdAt.toISOString() })),
    };
  }
}

/** Ends at 14:00 Riyadh (11:00Z) on TEST_NOW's day: cancelling closes at 10:00 Riyadh (07:00Z). */
function setup(fields: Partial<RequestEntity['fields']> = {}, admins = [ADMIN_NUMBER]) {
  const requests = new FakeRequests();
  requests.rows.set(1024, {
    id: 1024,
    fields: {
      status: 'confirmed',
      organizerName: 'نورة',
      organizerPhone: '0551234567',
      whatsappOptIn: true,
      eventType: 'wedding',
      eventDate: '2026-11-29',
      endTime: '14:00',
      attendeeCount: 150,
      fullAddress: 'قاعة الياسمين',
      cancellationReason: null,
      weighedKg: null,
      completedAt: null,
      ...fields,
    },
    createdAt: new Date('2026-11-20T09:30:00Z'),
    selfServiceSalt: SALT,
    selfServiceTokenHash: links.hashOf(TOKEN),
  } as RequestEntity);
  const statuses = newTestService(RequestStatusService, {
    provide: [
      [RequestStatusRepository, requests],
      [SelfServiceLinks, links],
    ],
  });
  statuses.mock(PublicContentService).eventTypeLabel.mockResolvedValue('حفل زواج');
  const t = newTestService(SelfServiceService, {
    provide: [
      [SelfServiceRepository, requests],
      [RequestStatusRepository, requests],
      [SelfServiceLinks, links],
      [RequestStatusService, statuses.sut],
      [Clock, statuses.clock],
      [ActivityLogService, statuses.activity],
    ],
  });
  t.mock(AdminNumbersService).recipients.mockResolvedValue(admins);
  return { ...t, requests, clock: statuses.clock, activity: statuses.activity, figures: statuses.mock(HomepageStatisticsService) };
}

describe('SelfServiceService.view', () => {
  it.each([['not-a-token'], [undefined], ['A'.repeat(43)]])(
    'answers the same 404 for text that is no link and an unknown link (%#)',
    async (token) => {
      const t = setup();
      const error = await refusal(t.sut.view(token));
      expect([error.status, error.message]).toEqual([404, LINK_NOT_FOUND]);
    },
  );

  it('shows the history from the arrival on, naming no administrator, with Riyadh times and the cancel and collection deadlines', async () => {
    const t = setup();
    t.requests.history.push({
      requestId: 1024,
      fromStatus: 'received',
      toStatus: 'confirmed',
      actorType: 'admin',
      actorUsername: 'huda',
      reason: null,
      createdAt: new Date('2026-11-21T21:15:00Z'),
    });
    const view = await t.sut.view(TOKEN);
    expect(view.history).toEqual([
      expect.objectContaining({
        status: 'received',
        actorType: 'host',
        actorLabel: 'صاحب الطلب',
        riyadh: { date: '2026-11-20', time: '12:30' },
      }),
      expect.objectContaining({
        status: 'confirmed',
        actorType: 'admin',
        actorLabel: 'فريق الجمعية',
        riyadh: { date: '2026-11-22', time: '00:15' },
      }),
    ]);
    expect(JSON.stringify(view)).not.toContain('huda');
    expect(view.cancel).toEqual({ allowed: true, until: '2026-11-29T07:00:00.000Z' });
    expect(view.collectionDeadline).toBe('2026-11-29T13:00:00.000Z');
    expect(view.charityPhone).toBe('0143221234');
  });
});

describe('SelfServiceService.cancel', () => {
  it('cancels with «ألغاه صاحب الطلب» and the host’s words, as the host, telling every administrator and the host at once', async () => {
    const t = setup();
    const result = await t.sut.cancel(TOKEN, '  تأجل الحفل  ', TEST_META);

    expect(result).toEqual(expect.objectContaining({ changed: true, message: 'تم إلغاء الطلب، وأُبلغ فريق الجمعية' }));
    expect(result.request.status).toBe('cancelled');
    expect(t.requests.rows.get(1024)?.fields).toEqual(
      expect.objectContaining({ status: 'cancelled', cancellationReason: 'ألغاه صاحب الطلب: تأجل الحفل' }),
    );
    expect(t.requests.history).toEqual([
      expect.objectContaining({ fromStatus: 'confirmed', toStatus: 'cancelled', actorType: 'host', actorUsername: null }),
    ]);
    expect(t.activity.entries).toEqual([
      expect.objectContaining({
        action: 'host_status_changed',
        entityId: 1024,
        userId: null,
        ipAddress: '10.0.0.5',
        metadata: expect.objectContaining({ actor: 'host' }),
      }),
    ]);
    expect(t.uow.commits).toBe(1);
    expect(t.uow.sent.map((m) => [m.templateKey, m.recipients.map((r) => r.whatsapp)])).toEqual([
      ['statusUpdate', ['+966551234567']],
      ['hostCancelled', ['+966500000001']],
    ]);
    expect(t.uow.sent[1]).toEqual(
      expect.objectContaining({
        variables: {
          requestNumber: 1024,
          organizerName: 'نورة',
          eventTypeLabel: 'حفل زواج',
          eventDate: '29 نوفمبر 2026م (19 جمادى الآخرة 1448هـ)',
          endTime: '14:00',
          fullAddress: 'قاعة الياسمين',
          reason: 'تأجل الحفل',
        },
        reason: 'host_cancelled',
        requesterWhatsapp: '+966551234567',
      }),
    );
    // The public figures are marked stale after the commit.
    expect(t.figures.invalidate).toHaveBeenCalledTimes(1);
  });

  it('tells the administrators that the host gave no reason, and tells only them when the host did not opt in', async () => {
    const t = setup({ whatsappOptIn: false });
    await t.sut.cancel(TOKEN, '   ', TEST_META);
    expect(t.requests.rows.get(1024)?.fields.cancellationReason).toBe('ألغاه صاحب الطلب');
    expect(t.uow.sent.map((m) => m.templateKey)).toEqual(['hostCancelled']);
    expect(t.uow.sent[0].variables?.reason).toBe('لم يذكر سبباً');
  });

  it('answers a second cancel that the request is already cancelled, and sends nothing again', async () => {
    const t = setup();
    await t.sut.cancel(TOKEN, undefined, TEST_META);
    const sent = t.uow.sent.length;
    const again = await t.sut.cancel(TOKEN, undefined, TEST_META);
    expect([again.changed, again.message, again.request.status]).toEqual([false, 'الطلب ملغي مسبقاً', 'cancelled']);
    expect(t.uow.sent).toHaveLength(sent);
    expect(t.requests.history).toHaveLength(1);
    expect(t.activity.entries).toHaveLength(1);
  });

  it('allows cancelling until more than 4 hours remain before the end, Riyadh time', async () => {
    const t = setup();
    t.clock.set('2026-11-29T06:59:00Z'); // 09:59 in Riyadh, 4 h 1 min before the 14:00 end
    const result = await t.sut.cancel(TOKEN, undefined, TEST_META);
    expect(result.changed).toBe(true);
  });

  it.each<[string, Partial<RequestEntity['fields']>, string]>([
    ['exactly 4 hours before the end', {}, '2026-11-29T07:00:00Z'],
    ['after the event', {}, '2026-11-29T12:00:00Z'],
    ['a completed request', { status: 'completed' }, '2026-11-29T06:00:00Z'],
  ])('refuses %s with 409 and the charity’s phone, changing and sending nothing', async (_case, fields, now) => {
    const t = setup(fields);
    t.clock.set(now);
    const error = await refusal(t.sut.cancel(TOKEN, undefined, TEST_META));
    expect([error.status, error.code]).toEqual([409, 'HOST_CANCEL_CLOSED']);
    expect(error.message).toBe(
      'لا يمكن إلغاء الطلب من هذه الصفحة: يُقبل الإلغاء ما دام الطلب لم يكتمل وقبل انتهاء المناسبة بأكثر من 4 ساعات. للإلغاء تواصلوا مع الجمعية على الرقم 0143221234.',
    );
    expect(error.options.details).toEqual({ charityPhone: '0143221234', until: '2026-11-29T07:00:00.000Z' });
    expect(t.requests.rows.get(1024)?.fields.status).toBe(fields.status ?? 'confirmed');
    expect([t.uow.commits, t.uow.sent, t.activity.entries]).toEqual([0, [], []]);
  });

  it('points to the contact page when the charity has no phone set', async () => {
    const t = setup();
    t.requests.charityPhone = null;
    t.clock.set('2026-11-29T08:00:00Z');
    const error = await refusal(t.sut.cancel(TOKEN, undefined, TEST_META));
    expect(error.message).toContain('للإلغاء تواصلوا مع الجمعية من صفحة «تواصل معنا».');
  });

  it('answers 404 like an unknown link when the link was replaced before the row was locked', async () => {
    const t = setup();
    const view = t.requests.view.bind(t.requests);
    // The page's read still finds the old hash; the locked row no longer carries it.
    t.requests.view = async (hash) => {
      const row = await view(hash);
      t.requests.rows.get(1024)!.selfServiceTokenHash = 'replaced';
      return row;
    };
    const error = await refusal(t.sut.cancel(TOKEN, undefined, TEST_META));
    expect([error.status, error.message]).toEqual([404, LINK_NOT_FOUND]);
    expect(t.uow.sent).toEqual([]);
  });
});
