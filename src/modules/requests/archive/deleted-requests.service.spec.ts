import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_ADMIN as admin, TEST_META } from '../../../../test/support/test-service';
import type { AdminRequestRow } from '../../../shared/api/requests';
import { HomepageStatisticsService } from '../../reports/homepage/homepage-statistics.service';
import { SETTING_KEYS, SystemSettingsService } from '../../system/system-settings.service';
import { RequestsAdminRepository } from '../admin/requests-admin.repository';
import { RequestCreationRepository } from '../creation/request-creation.repository';
import { DeletedRequestsRepository, type ArchiveEntry } from './deleted-requests.repository';
import { DeletedRequestsService } from './deleted-requests.service';

const ENTRY: ArchiveEntry = {
  originalId: 1024,
  organizerPhone: '0551234567',
  eventType: 'wedding',
  eventDate: '2026-12-10',
  status: 'confirmed',
};

function setup(
  options: {
    entry?: ArchiveEntry | null;
    duplicateId?: number | null;
    activeCount?: number;
    capacity?: string | null;
    dayCount?: number;
  } = {},
) {
  const t = newTestService(DeletedRequestsService);
  const archive = t.mock(DeletedRequestsRepository);
  const requests = t.mock(RequestCreationRepository);
  const settings = t.mock(SystemSettingsService);
  const figures = t.mock(HomepageStatisticsService);
  archive.lock.mockResolvedValue(options.entry === undefined ? ENTRY : options.entry);
  requests.duplicateAndActive.mockResolvedValue({ duplicateId: options.duplicateId ?? null, activeCount: options.activeCount ?? 0 });
  archive.restore.mockResolvedValue(true);
  settings.value.mockImplementation(async (key) => (key === SETTING_KEYS.pickupMaxPerDay ? (options.capacity ?? null) : null));
  requests.dayCount.mockResolvedValue(options.dayCount ?? 0);
  t.mock(RequestsAdminRepository).findOne.mockResolvedValue({ id: 1024, status: 'confirmed' } as AdminRequestRow);
  // The restored request counts in the public figures again, once the restore is committed.
  const invalidatedAt: number[] = [];
  figures.invalidate.mockImplementation(async () => void invalidatedAt.push(t.uow.commits));
  return { ...t, archive, requests, invalidatedAt };
}

/** Nothing was put back, logged or made stale. */
function expectNothingRestored(t: ReturnType<typeof setup>) {
  expect(t.archive.restore).not.toHaveBeenCalled();
  expect(t.uow.commits).toBe(0);
  expect(t.activity.entries).toEqual([]);
  expect(t.invalidatedAt).toEqual([]);
}

describe('DeletedRequestsService.restore', () => {
  it('puts the request back under its number with an activity row, under the organizer phone’s lock, and marks the figures stale after commit', async () => {
    const t = setup();
    const result = await t.sut.restore(7, admin, TEST_META);
    expect(result).toEqual({
      success: true,
      message: 'تمت استعادة الطلب #1024 إلى قائمة الطلبات',
      request: { id: 1024, status: 'confirmed' },
    });
    expect(t.requests.lockPhone).toHaveBeenCalledWith(expect.anything(), '0551234567');
    expect(t.requests.lockPhone.mock.invocationCallOrder[0]).toBeLessThan(t.requests.duplicateAndActive.mock.invocationCallOrder[0]);
    expect(t.archive.restore).toHaveBeenCalledWith(expect.anything(), 7);
    expect(t.activity.entries).toEqual([
      {
        action: 'request_restored',
        entityType: 'request',
        entityId: 1024,
        userId: 3,
        ipAddress: '10.0.0.5',
        userAgent: 'tablet',
        metadata: { by: 'huda', archiveId: 7 },
      },
    ]);
    expect(t.invalidatedAt).toEqual([1]);
    // A restore tells nobody on WhatsApp.
    expect(t.uow.sent).toEqual([]);
  });

  it('refuses an active request whose host already has two active ones (409 ACTIVE_REQUESTS_LIMIT)', async () => {
    const t = setup({ activeCount: 2 });
    const error = await refusal(t.sut.restore(7, admin));
    expect([error.status, error.code]).toEqual([409, 'ACTIVE_REQUESTS_LIMIT']);
    expect(error.message).toBe(
      'لا يمكن استعادة الطلب #1024: لصاحبه طلبان نشطان، والحد الأقصى طلبان نشطان في الوقت نفسه. أكمل أحدهما أو ألغه ثم أعد المحاولة',
    );
    expect(error.options.details).toEqual({ activeRequestsCount: 2 });
    expectNothingRestored(t);
  });

  it('refuses a duplicate (same phone, event type and date, active) naming the other request, checked before the limit', async () => {
    const t = setup({ duplicateId: 1100, activeCount: 2 });
    const error = await refusal(t.sut.restore(7, admin));
    expect([error.status, error.code]).toEqual([409, 'DUPLICATE_REQUEST']);
    expect(error.message).toBe('لا يمكن استعادة الطلب #1024: لصاحبه طلب نشط آخر برقم #1100 بنفس نوع المناسبة وتاريخها');
    expect(error.options.details).toEqual({ existingRequestId: 1100 });
    expectNothingRestored(t);
  });

  it.each(['completed', 'cancelled'])(
    'restores a %s request whatever the host’s active requests and the day’s capacity',
    async (status) => {
      const t = setup({ entry: { ...ENTRY, status }, duplicateId: 1100, activeCount: 2, capacity: '3', dayCount: 3 });
      await t.sut.restore(7, admin);
      expect(t.requests.duplicateAndActive).not.toHaveBeenCalled();
      expect(t.requests.lockDate).not.toHaveBeenCalled();
      expect(t.archive.restore).toHaveBeenCalled();
    },
  );

  it('refuses an active request on a date whose pickups reached the capacity, counted under the date’s lock after the phone’s', async () => {
    const t = setup({ capacity: '3', dayCount: 3 });
    const error = await refusal(t.sut.restore(7, admin));
    expect([error.status, error.code]).toEqual([409, 'DATE_FULL']);
    expect(error.message).toBe(
      'لا يمكن استعادة الطلب #1024: اكتمل جدول الاستلام في 10 ديسمبر 2026م (3 في اليوم). ارفع الحد الأقصى من جدول الاستلام ثم أعد المحاولة',
    );
    expect(error.options.details).toEqual({ date: '2026-12-10', maxPerDay: 3 });
    expect(t.requests.lockDate).toHaveBeenCalledWith(expect.anything(), '2026-12-10');
    expect(t.requests.lockPhone.mock.invocationCallOrder[0]).toBeLessThan(t.requests.lockDate.mock.invocationCallOrder[0]);
    expectNothingRestored(t);
  });

  it('checks as a new request does: the duplicate, then the two-active limit, then the day’s capacity', async () => {
    const duplicate = setup({ duplicateId: 1100, activeCount: 2, capacity: '3', dayCount: 3 });
    expect((await refusal(duplicate.sut.restore(7, admin))).code).toBe('DUPLICATE_REQUEST');
    expect(duplicate.requests.lockDate).not.toHaveBeenCalled();
    expectNothingRestored(duplicate);

    const limit = setup({ activeCount: 2, capacity: '3', dayCount: 3 });
    expect((await refusal(limit.sut.restore(7, admin))).code).toBe('ACTIVE_REQUESTS_LIMIT');
    expect(limit.requests.lockDate).not.toHaveBeenCalled();
    expectNothingRestored(limit);

    const full = setup({ activeCount: 1, capacity: '3', dayCount: 3 });
    expect((await refusal(full.sut.restore(7, admin))).code).toBe('DATE_FULL');
    expect(full.requests.duplicateAndActive.mock.invocationCallOrder[0]).toBeLessThan(full.requests.lockDate.mock.invocationCallOrder[0]);
    expectNothingRestored(full);
  });

  it('restores on a date below the capacity, and counts nothing when no capacity is set', async () => {
    const below = setup({ capacity: '3', dayCount: 2 });
    await below.sut.restore(7, admin);
    expect(below.archive.restore).toHaveBeenCalled();

    const unlimited = setup({ capacity: '', dayCount: 500 });
    await unlimited.sut.restore(7, admin);
    expect(unlimited.requests.dayCount).not.toHaveBeenCalled();
    expect(unlimited.archive.restore).toHaveBeenCalled();
  });

  it('answers 409 REQUEST_NUMBER_IN_USE when the number was taken, logging nothing', async () => {
    const t = setup();
    t.archive.restore.mockResolvedValue(false);
    const error = await refusal(t.sut.restore(7, admin));
    expect([error.status, error.code, error.message]).toEqual([
      409,
      'REQUEST_NUMBER_IN_USE',
      'لا يمكن استعادة الطلب: رقمه مستخدم لطلب آخر',
    ]);
    expect([t.uow.commits, t.activity.entries, t.invalidatedAt]).toEqual([0, [], []]);
  });

  it('answers 404 for an entry no longer in the archive (restored already)', async () => {
    const t = setup({ entry: null });
    const error = await refusal(t.sut.restore(7, admin));
    expect([error.status, error.message]).toEqual([404, 'الطلب غير موجود في الأرشيف، ربما استُعيد من قبل']);
    expect(t.activity.entries).toEqual([]);
    expect(t.invalidatedAt).toEqual([]);
  });
});

describe('DeletedRequestsService.list', () => {
  const query = (filter: Record<string, unknown>) => ({
    sort: { field: 'deletedAt' as const, order: 'DESC' as const },
    skip: 0,
    take: 25,
    filter,
  });

  it('reads the search box as a request number or a phone in any form, else a name', async () => {
    const t = setup();
    t.archive.list.mockResolvedValue({ rows: [], total: 0 });
    await t.sut.list(query({ q: '#1024' }));
    await t.sut.list(query({ q: '+966 55 123 4567' }));
    await t.sut.list(query({ q: 'نورة' }));
    expect(t.archive.list.mock.calls.map((call) => call[1])).toEqual([{ id: 1024 }, { phone: '0551234567' }, { text: 'نورة' }]);
  });

  it('refuses a search that is not text, in Arabic', async () => {
    const t = setup();
    // list() refuses before it returns a promise: the refusal is thrown synchronously.
    const error = await refusal((async () => t.sut.list(query({ q: 5 })))());
    expect([error.status, error.message]).toEqual([400, 'نص البحث يجب أن يكون نصاً']);
    expect(t.archive.list).not.toHaveBeenCalled();
  });
});
