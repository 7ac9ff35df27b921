import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../test/support/fakes';
import { newTestService, testConfig, TEST_ADMIN as admin, TEST_META, TEST_NOW } from '../../../test/support/test-service';
import type { DbScope } from '../../database/db-scope';
import type { RequestStatus } from '../../shared/labels';
import { PublicContentService } from '../content/public/public-content.service';
import { HomepageStatisticsService } from '../reports/homepage/homepage-statistics.service';
import type { RequestEntity } from './entities/request.entity';
import { RequestStatusRepository } from './request-status.repository';
import { RequestStatusService } from './request-status.service';
import { SelfServiceLinks } from './self-service/self-service-links';

type HistoryRow = Parameters<RequestStatusRepository['recordHistory']>[1];

/** requests and request_status_history in memory: a lock hands out a copy, a save writes it back. */
class FakeRequests {
  rows = new Map<number, RequestEntity>();
  saves = 0;
  history: HistoryRow[] = [];
  async lock(_tx: DbScope, id: number) {
    const row = this.rows.get(id);
    return row ? structuredClone(row) : null;
  }
  async save(_tx: DbScope, request: RequestEntity) {
    this.saves += 1;
    this.rows.set(request.id, structuredClone(request));
  }
  async recordHistory(_tx: DbScope, row: HistoryRow) {
    this.history.push(row);
  }
}

const links = new SelfServiceLinks(testConfig());

function request(fields: Partial<RequestEntity['fields']> = {}, salt: string | null = 'salt-of-1024'): RequestEntity {
  return {
    id: 1024,
    fields: {
      status: 'received',
      organizerName: 'نورة',
      organizerPhone: '0551234567',
      whatsappOptIn: true,
      eventType: 'wedding',
      eventDate: '2026-12-10',
      endTime: '22:00',
      cancellationReason: null,
      weighedKg: null,
      completedAt: null,
      ...fields,
    },
    selfServiceSalt: salt,
    selfServiceTokenHash: salt ? links.hashOf(links.tokenOf(salt)) : null,
  } as RequestEntity;
}

function setup(row: RequestEntity = request()) {
  const requests = new FakeRequests();
  requests.rows.set(row.id, row);
  const t = newTestService(RequestStatusService, {
    provide: [
      [RequestStatusRepository, requests],
      [SelfServiceLinks, links],
    ],
  });
  t.mock(PublicContentService).eventTypeLabel.mockResolvedValue('حفل زواج');
  const figures = t.mock(HomepageStatisticsService);
  // The public figures are marked stale only once the change is committed.
  const invalidatedAt: number[] = [];
  figures.invalidate.mockImplementation(async () => void invalidatedAt.push(t.uow.commits));
  return { ...t, requests, invalidatedAt };
}

describe('RequestStatusService.change', () => {
  it('moves the status, records who/from/to in the history and the activity log, tells the opted-in host, then marks the figures stale', async () => {
    const t = setup();
    const result = await t.sut.change(1024, { status: 'confirmed' }, admin, TEST_META);

    expect(result).toEqual({
      success: true,
      changed: true,
      notified: true,
      message: 'تم تحديث حالة الطلب',
      request: { id: 1024, status: 'confirmed' },
    });
    expect(t.requests.rows.get(1024)?.fields.status).toBe('confirmed');
    expect(t.requests.history).toEqual([
      {
        requestId: 1024,
        fromStatus: 'received',
        toStatus: 'confirmed',
        actorType: 'admin',
        actorUsername: 'huda',
        reason: null,
        createdAt: TEST_NOW,
      },
    ]);
    expect(t.activity.entries).toEqual([
      {
        action: 'status_changed',
        entityType: 'request',
        entityId: 1024,
        userId: 3,
        ipAddress: '10.0.0.5',
        userAgent: 'tablet',
        metadata: { from: 'received', to: 'confirmed', by: 'huda', actor: 'admin' },
      },
    ]);
    expect(t.uow.sent).toEqual([
      {
        templateKey: 'statusUpdate',
        recipients: [{ whatsapp: '+966551234567', role: 'customer', optedIn: true }],
        variables: {
          organizerName: 'نورة',
          requestNumber: 1024,
          eventTypeLabel: 'حفل زواج',
          eventDate: '10 ديسمبر 2026م',
          statusLabel: 'مؤكد للاستلام',
        },
        // The host's own link, the same one every message of this request carries.
        secretVariables: { selfServiceToken: links.tokenOf('salt-of-1024') },
        reason: 'status_changed',
        subject: { type: 'request', id: 1024 },
        requesterWhatsapp: '+966551234567',
      },
    ]);
    expect(t.invalidatedAt).toEqual([1]);
  });

  it.each<[RequestStatus, RequestStatus]>([
    ['completed', 'received'],
    ['cancelled', 'confirmed'],
    ['received', 'completed'],
    ['confirmed', 'reviewing'],
  ])('allows any status to any other: %s → %s', async (from, to) => {
    const t = setup(request({ status: from }));
    const result = await t.sut.change(1024, { status: to }, admin);
    expect(result.changed).toBe(true);
    expect(t.requests.rows.get(1024)?.fields.status).toBe(to);
    expect(t.requests.history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[from, to]]);
  });

  it('treats the status the request already has as a no-op: nothing written, logged, sent or invalidated', async () => {
    const t = setup(request({ status: 'confirmed' }));
    const result = await t.sut.change(1024, { status: 'confirmed' }, admin, TEST_META);
    expect(result).toEqual(expect.objectContaining({ changed: false, notified: false, message: 'حالة الطلب لم تتغير' }));
    expect(t.requests.saves).toBe(0);
    expect(t.requests.history).toEqual([]);
    expect(t.activity.entries).toEqual([]);
    expect(t.uow.sent).toEqual([]);
    expect(t.invalidatedAt).toEqual([]);
  });

  it('logs the change of a host who did not opt in but sends nothing and reports no notice', async () => {
    const t = setup(request({ whatsappOptIn: false }));
    const result = await t.sut.change(1024, { status: 'reviewing' }, admin);
    expect([result.changed, result.notified]).toEqual([true, false]);
    expect(t.activity.entries).toHaveLength(1);
    expect(t.uow.sent).toEqual([]);
  });

  it('keeps a trimmed cancellation reason, tells the host why, and clears it when the request leaves «cancelled»', async () => {
    const t = setup();
    await t.sut.change(1024, { status: 'cancelled', cancellationReason: '  تأجلت المناسبة  ' }, admin);
    expect(t.requests.rows.get(1024)?.fields.cancellationReason).toBe('تأجلت المناسبة');
    expect(t.requests.history[0].reason).toBe('تأجلت المناسبة');
    expect(t.activity.entries[0].metadata).toEqual(expect.objectContaining({ cancellationReason: 'تأجلت المناسبة' }));
    expect(t.uow.sent[0].variables?.statusLabel).toBe('ملغي، سبب الإلغاء: تأجلت المناسبة');

    await t.sut.change(1024, { status: 'confirmed', cancellationReason: 'لا ينطبق' }, admin);
    expect(t.requests.rows.get(1024)?.fields.cancellationReason).toBeNull();
    expect(t.requests.history[1].reason).toBeNull();
  });

  it('stamps the completion time once and keeps the weighed kilograms given with it', async () => {
    const t = setup(request({ status: 'confirmed' }));
    await t.sut.change(1024, { status: 'completed', weighedKg: 42.5 }, admin);
    expect(t.requests.rows.get(1024)?.fields).toEqual(
      expect.objectContaining({ status: 'completed', weighedKg: 42.5, completedAt: TEST_NOW }),
    );

    // Reopened and completed again later: the first completion time stays.
    await t.sut.change(1024, { status: 'confirmed' }, admin);
    t.clock.set(new Date('2026-11-30T10:00:00Z'));
    await t.sut.change(1024, { status: 'completed' }, admin);
    expect(t.requests.rows.get(1024)?.fields.completedAt).toEqual(TEST_NOW);
  });

  it('saves a new weight on a completed request without a status change: no history, no message, the figures marked stale', async () => {
    const t = setup(request({ status: 'completed', weighedKg: 30 }));
    const result = await t.sut.change(1024, { status: 'completed', weighedKg: 35 }, admin);
    expect(result).toEqual(expect.objectContaining({ changed: false, notified: false, message: 'تم حفظ الوزن الفعلي' }));
    expect(t.requests.rows.get(1024)?.fields.weighedKg).toBe(35);
    expect(t.requests.history).toEqual([]);
    expect(t.activity.entries).toEqual([]);
    expect(t.uow.sent).toEqual([]);
    expect(t.invalidatedAt).toEqual([1]);
  });

  it('gives a request without a link (made before links, or restored) one, and the message carries that very link', async () => {
    const t = setup(request({}, null));
    await t.sut.change(1024, { status: 'confirmed' }, admin);
    const stored = t.requests.rows.get(1024)!;
    const token = t.uow.sent[0].secretVariables?.selfServiceToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored.selfServiceSalt).not.toBeNull();
    expect(stored.selfServiceTokenHash).toBe(links.hashOf(token));
    expect(links.tokenOf(stored.selfServiceSalt!)).toBe(token);
  });

  it('answers 404 for a request that does not exist, committing nothing', async () => {
    const t = setup();
    const error = await refusal(t.sut.change(999, { status: 'confirmed' }, admin));
    expect([error.status, error.code, error.message]).toEqual([404, 'NOT_FOUND', 'الطلب غير موجود']);
    expect(t.uow.commits).toBe(0);
    expect(t.activity.entries).toEqual([]);
    expect(t.invalidatedAt).toEqual([]);
  });

  it('records a change with no administrator as the system’s', async () => {
    const t = setup();
    await t.sut.change(1024, { status: 'reviewing' }, undefined);
    expect(t.requests.history[0]).toEqual(expect.objectContaining({ actorType: 'system', actorUsername: null }));
    expect(t.activity.entries[0]).toEqual(
      expect.objectContaining({ userId: null, metadata: expect.objectContaining({ actor: 'system', by: null }) }),
    );
  });
});
