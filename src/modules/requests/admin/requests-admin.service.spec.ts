import { describe, expect, it, type jest } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_ADMIN as admin, TEST_META } from '../../../../test/support/test-service';
import { DomainException } from '../../../common/errors/domain.exception';
import type { AdminRequestRow } from '../../../shared/api/requests';
import { HomepageStatisticsService } from '../../reports/homepage/homepage-statistics.service';
import { RequestStatusService, type StatusChangeResult } from '../request-status.service';
import { RequestsAdminRepository } from './requests-admin.repository';
import { RequestsAdminService } from './requests-admin.service';
import { ASSIGNMENT_NOTICES } from './assignment-notices';

function setup(now?: Date) {
  const t = newTestService(RequestsAdminService, { now });
  const repo = t.mock(RequestsAdminRepository);
  const figures = t.mock(HomepageStatisticsService);
  repo.archiveAndDelete.mockResolvedValue(true);
  repo.setVolunteer.mockResolvedValue({ previous: null, next: { id: 5, name: 'خالد العتيبي' }, status: 'confirmed' });
  repo.findOne.mockImplementation(async (id) => ({ id }) as AdminRequestRow);
  // The public figures are marked stale only once the deletion is committed.
  const invalidatedAt: number[] = [];
  figures.invalidate.mockImplementation(async () => void invalidatedAt.push(t.uow.commits));
  return { ...t, repo, statuses: t.mock(RequestStatusService), invalidatedAt };
}

describe('RequestsAdminService.remove', () => {
  it('archives the request with who deleted it and why, logs it, and marks the public figures stale after commit', async () => {
    const t = setup();
    const result = await t.sut.remove(1024, 'طلب مكرر', admin, TEST_META);
    expect(result).toEqual({ success: true, message: 'تم حذف الطلب ونقله إلى الأرشيف' });
    expect(t.repo.archiveAndDelete).toHaveBeenCalledWith(expect.anything(), 1024, 'huda', 'طلب مكرر');
    expect(t.activity.entries).toEqual([
      {
        action: 'request_deleted',
        entityType: 'request',
        entityId: 1024,
        userId: 3,
        ipAddress: '10.0.0.5',
        userAgent: 'tablet',
        metadata: { by: 'huda', reason: 'طلب مكرر' },
      },
    ]);
    expect(t.invalidatedAt).toEqual([1]);
    expect(t.uow.sent).toEqual([]);
  });

  it('answers 404 for a request that does not exist, logging and invalidating nothing', async () => {
    const t = setup();
    t.repo.archiveAndDelete.mockResolvedValue(false);
    const error = await refusal(t.sut.remove(999, null, admin));
    expect([error.status, error.message]).toEqual([404, 'الطلب غير موجود']);
    expect(t.activity.entries).toEqual([]);
    expect(t.invalidatedAt).toEqual([]);
  });
});

describe('RequestsAdminService.setVolunteer', () => {
  it('assigns an active volunteer and logs from whom to whom', async () => {
    const t = setup();
    t.repo.setVolunteer.mockResolvedValue({
      previous: { id: 2, name: 'سالم' },
      next: { id: 5, name: 'خالد العتيبي' },
      status: 'confirmed',
    });
    const row = await t.sut.setVolunteer(1024, 5, admin, TEST_META);
    expect(row).toEqual({ id: 1024 });
    expect(t.repo.setVolunteer).toHaveBeenCalledWith(expect.anything(), 1024, 5);
    expect(t.activity.entries).toEqual([
      expect.objectContaining({
        action: 'request_assignee_changed',
        entityId: 1024,
        userId: 3,
        metadata: { by: 'huda', from: 'سالم', to: 'خالد العتيبي', volunteerId: 5 },
      }),
    ]);
  });

  it('tells the volunteers (the new one and the previous) in the same transaction, for a pickup still to collect only', async () => {
    const t = setup();
    const notices = t.mock<{ changed: jest.Mock }>(ASSIGNMENT_NOTICES);
    t.repo.setVolunteer.mockResolvedValue({ previous: { id: 2, name: 'سالم' }, next: { id: 5, name: 'خالد' }, status: 'confirmed' });
    await t.sut.setVolunteer(1024, 5, admin);
    expect(notices.changed).toHaveBeenCalledWith(expect.anything(), 1024, {
      previous: { id: 2, name: 'سالم' },
      next: { id: 5, name: 'خالد' },
    });
    notices.changed.mockClear();
    t.repo.setVolunteer.mockResolvedValue({ previous: null, next: { id: 5, name: 'خالد' }, status: 'completed' });
    await t.sut.setVolunteer(1025, 5, admin);
    expect(notices.changed).not.toHaveBeenCalled();
  });

  it('writes no activity row when the same volunteer is assigned again', async () => {
    const t = setup();
    t.repo.setVolunteer.mockResolvedValue({ previous: { id: 5, name: 'خالد' }, next: { id: 5, name: 'خالد' }, status: 'confirmed' });
    await t.sut.setVolunteer(1024, 5, admin);
    expect(t.activity.entries).toEqual([]);
  });

  it('clears the assignment with null and logs it', async () => {
    const t = setup();
    t.repo.setVolunteer.mockResolvedValue({ previous: { id: 5, name: 'خالد' }, next: null, status: 'confirmed' });
    await t.sut.setVolunteer(1024, null, admin);
    expect(t.repo.setVolunteer).toHaveBeenCalledWith(expect.anything(), 1024, null);
    expect(t.activity.entries[0].metadata).toEqual({ by: 'huda', from: 'خالد', to: null, volunteerId: null });
  });

  it('refuses a volunteer who is not there or not active, naming the field, and logs nothing', async () => {
    const t = setup();
    t.repo.setVolunteer.mockResolvedValue('no_volunteer');
    const error = await refusal(t.sut.setVolunteer(1024, 77, admin));
    expect([error.status, error.options.errors]).toEqual([400, { volunteerId: 'المتطوع غير موجود أو موقوف: اختر متطوعاً نشطاً' }]);
    expect(t.activity.entries).toEqual([]);
  });

  it('answers 404 for a request that does not exist', async () => {
    const t = setup();
    t.repo.setVolunteer.mockResolvedValue(null);
    const error = await refusal(t.sut.setVolunteer(999, 5, admin));
    expect([error.status, error.message]).toEqual([404, 'الطلب غير موجود']);
    expect(t.activity.entries).toEqual([]);
  });
});

describe('RequestsAdminService.bulk', () => {
  it('changes each request once in its own transaction, a refused one stopping nothing, and counts who was told', async () => {
    const t = setup();
    t.statuses.change.mockImplementation(async (id) => {
      if (id === 2) throw DomainException.notFound('الطلب غير موجود');
      return { changed: id !== 3, notified: id === 1 } as StatusChangeResult;
    });
    const result = await t.sut.bulk([1, 2, 1, 3], { action: 'status', status: 'confirmed', cancellationReason: 'x' }, admin, TEST_META);
    expect(t.statuses.change.mock.calls.map((call) => call[0])).toEqual([1, 2, 3]);
    expect(t.statuses.change).toHaveBeenCalledWith(1, { status: 'confirmed', cancellationReason: 'x' }, admin, TEST_META);
    expect(result).toEqual({
      success: true,
      results: [
        { id: 1, ok: true, changed: true, notified: true },
        { id: 2, ok: false, code: 'NOT_FOUND', message: 'الطلب غير موجود' },
        { id: 3, ok: true, changed: false, notified: false },
      ],
      succeeded: 2,
      failed: 1,
      notified: 1,
    });
  });

  it('archives each request of a bulk delete with the trimmed reason (none when blank)', async () => {
    const t = setup();
    await t.sut.bulk([5, 6], { action: 'delete', reason: '  قديم ' }, admin);
    await t.sut.bulk([7], { action: 'delete', reason: '   ' }, admin);
    expect(t.repo.archiveAndDelete.mock.calls.map((call) => [call[1], call[3]])).toEqual([
      [5, 'قديم'],
      [6, 'قديم'],
      [7, null],
    ]);
    expect(t.uow.commits).toBe(3);
  });
});

describe('RequestsAdminService.summary', () => {
  it('splits the pickups into today and tomorrow by the Riyadh date, not the server’s', async () => {
    // 21:30 UTC on the 29th is already 00:30 on the 30th in Riyadh.
    const t = setup(new Date('2026-11-29T21:30:00Z'));
    t.repo.countByStatus.mockResolvedValue({ received: 1, reviewing: 0, confirmed: 2, completed: 0, cancelled: 0, all: 3 });
    t.repo.pickupsOn.mockResolvedValue([
      { id: 1, eventDate: '2026-11-30' },
      { id: 2, eventDate: '2026-12-01' },
      { id: 3, eventDate: '2026-11-30' },
    ] as AdminRequestRow[]);
    const summary = await t.sut.summary();
    expect(t.repo.pickupsOn).toHaveBeenCalledWith(['2026-11-30', '2026-12-01']);
    expect([summary.today, summary.tomorrow]).toEqual(['2026-11-30', '2026-12-01']);
    expect(summary.pickups.today.map((p) => p.id)).toEqual([1, 3]);
    expect(summary.pickups.tomorrow.map((p) => p.id)).toEqual([2]);
  });
});
