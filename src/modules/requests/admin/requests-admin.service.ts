import { Inject, Injectable } from '@nestjs/common';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import type { ListQuery, Page } from '../../../common/http/list-query';
import type { RequestMeta } from '../../../common/http/request-meta';
import type { AdminRequestRow, BulkAction, BulkOutcome, BulkResult, RequestsSummary } from '../../../shared/api/requests';
import { addDaysToDateString, riyadhDateString } from '../../../shared/time';
import { UnitOfWork } from '../../../database/unit-of-work';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { HomepageStatisticsService } from '../../reports/homepage/homepage-statistics.service';
import { RequestStatusService } from '../request-status.service';
import { ASSIGNMENT_NOTICES, type AssignmentNotices } from './assignment-notices';
import { deskWhereOf } from './desk-filter';
import { RequestFilterField, RequestsAdminRepository, RequestSortField } from './requests-admin.repository';

/** The administrators' requests desk: the list, its counters, today's pickups, delete and bulk changes. */
/** Assigning a volunteer who is not (or no longer) on the active list. */
const OPEN_STATUSES: ReadonlySet<string> = new Set(['received', 'reviewing', 'confirmed']);
const VOLUNTEER_NOT_AVAILABLE = 'المتطوع غير موجود أو موقوف: اختر متطوعاً نشطاً';

@Injectable()
export class RequestsAdminService {
  constructor(
    private readonly repo: RequestsAdminRepository,
    private readonly statuses: RequestStatusService,
    private readonly uow: UnitOfWork,
    private readonly activity: ActivityLogService,
    private readonly figures: HomepageStatisticsService,
    private readonly clock: Clock,
    @Inject(ASSIGNMENT_NOTICES) private readonly notices: AssignmentNotices,
  ) {}

  list(query: ListQuery<RequestSortField, RequestFilterField>): Promise<Page<AdminRequestRow>> {
    return this.repo.list(query, deskWhereOf(query.filter));
  }

  async get(id: number): Promise<AdminRequestRow> {
    const row = await this.repo.findOne(id);
    if (!row) throw DomainException.notFound('الطلب غير موجود');
    return row;
  }

  async summary(): Promise<RequestsSummary> {
    const today = riyadhDateString(this.clock.now());
    const tomorrow = addDaysToDateString(today, 1);
    const [counts, pickups] = await Promise.all([this.repo.countByStatus(), this.repo.pickupsOn([today, tomorrow])]);
    return {
      counts,
      pickups: { today: pickups.filter((p) => p.eventDate === today), tomorrow: pickups.filter((p) => p.eventDate === tomorrow) },
      today,
      tomorrow,
    };
  }

  /**
   * Assigns the request to an active volunteer, or to none (null), with its activity row in the same
   * transaction; answers the row. Assigning the volunteer it already has changes and logs nothing.
   */
  async setVolunteer(
    id: number,
    volunteerId: number | null,
    admin: AdminPrincipal | undefined,
    meta?: RequestMeta,
  ): Promise<AdminRequestRow> {
    const outcome = await this.uow.run(async (tx) => {
      const result = await this.repo.setVolunteer(tx, id, volunteerId);
      if (result === null || result === 'no_volunteer') return result;
      if ((result.previous?.id ?? null) === volunteerId) return result;
      // The volunteers told in the same transaction: a pickup still to collect only.
      if (OPEN_STATUSES.has(result.status)) await this.notices.changed(tx, id, { previous: result.previous, next: result.next });
      await this.activity.record(tx, {
        action: 'request_assignee_changed',
        entityType: 'request',
        entityId: id,
        userId: admin?.userId ?? null,
        ipAddress: meta?.ip ?? null,
        userAgent: meta?.userAgent ?? null,
        metadata: { by: admin?.username ?? null, from: result.previous?.name ?? null, to: result.next?.name ?? null, volunteerId },
      });
      return result;
    });
    if (outcome === null) throw DomainException.notFound('الطلب غير موجود');
    if (outcome === 'no_volunteer') throw DomainException.validation({ volunteerId: VOLUNTEER_NOT_AVAILABLE });
    return this.get(id);
  }

  /** Archives the request (who and why) and deletes it, in one transaction with its activity log. */
  async remove(id: number, reason: string | null, admin: AdminPrincipal | undefined, meta?: RequestMeta) {
    const removed = await this.uow.run(async (tx) => {
      const done = await this.repo.archiveAndDelete(tx, id, admin?.username ?? null, reason);
      if (!done) return false;
      await this.activity.record(tx, {
        action: 'request_deleted',
        entityType: 'request',
        entityId: id,
        userId: admin?.userId ?? null,
        ipAddress: meta?.ip ?? null,
        userAgent: meta?.userAgent ?? null,
        metadata: { by: admin?.username ?? null, ...(reason ? { reason } : {}) },
      });
      tx.afterCommit(() => this.figures.invalidate());
      return true;
    });
    if (!removed) throw DomainException.notFound('الطلب غير موجود');
    return { success: true as const, message: 'تم حذف الطلب ونقله إلى الأرشيف' };
  }

  /** Each row in its own transaction with its own outcome and notification, so one failure stops nothing. */
  async bulk(ids: number[], action: BulkAction, admin: AdminPrincipal | undefined, meta?: RequestMeta): Promise<BulkResult> {
    const results: BulkOutcome[] = [];
    for (const id of [...new Set(ids)]) {
      try {
        if (action.action === 'delete') {
          await this.remove(id, action.reason?.trim() || null, admin, meta);
          results.push({ id, ok: true });
        } else {
          const outcome = await this.statuses.change(
            id,
            { status: action.status, cancellationReason: action.cancellationReason },
            admin,
            meta,
          );
          results.push({ id, ok: true, changed: outcome.changed, notified: outcome.notified });
        }
      } catch (error) {
        if (!(error instanceof DomainException)) throw error;
        results.push({ id, ok: false, code: String(error.code), message: error.message });
      }
    }
    const succeeded = results.filter((r) => r.ok).length;
    const notified = results.filter((r) => r.notified).length;
    return { success: true, results, succeeded, failed: results.length - succeeded, notified };
  }
}
