import { Injectable } from '@nestjs/common';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import type { ListQuery, Page } from '../../../common/http/list-query';
import type { RequestMeta } from '../../../common/http/request-meta';
import type { AdminRequestRow, BulkAction, BulkOutcome, BulkResult, RequestsSummary } from '../../../shared/api/requests';
import { validateAssignee, type Assignee } from '../../../shared/assignee';
import { addDaysToDateString, riyadhDateString } from '../../../shared/time';
import { UnitOfWork } from '../../../database/unit-of-work';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { HomepageStatisticsService } from '../../reports/homepage/homepage-statistics.service';
import { RequestStatusService } from '../request-status.service';
import { deskWhereOf } from './desk-filter';
import { RequestFilterField, RequestsAdminRepository, RequestSortField } from './requests-admin.repository';

/** The administrators' requests desk: the list, its counters, today's pickups, delete and bulk changes. */
@Injectable()
export class RequestsAdminService {
  constructor(
    private readonly repo: RequestsAdminRepository,
    private readonly statuses: RequestStatusService,
    private readonly uow: UnitOfWork,
    private readonly activity: ActivityLogService,
    private readonly figures: HomepageStatisticsService,
    private readonly clock: Clock,
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
   * Sets or clears the volunteer or driver who collects the request (the shared assignee rule: a name, a
   * Saudi mobile stored canonical), with its activity row in the same transaction; answers the row.
   */
  async setAssignee(
    id: number,
    input: { name?: string; phone?: string | null } | null,
    admin: AdminPrincipal | undefined,
    meta?: RequestMeta,
  ): Promise<AdminRequestRow> {
    let assignee: Assignee | null = null;
    if (input) {
      const checked = validateAssignee(input);
      if (!checked.ok)
        throw DomainException.validation(
          Object.fromEntries(Object.entries(checked.errors).map(([field, message]) => [`assignee.${field}`, message])),
          Object.values(checked.errors)[0],
        );
      assignee = checked.value;
    }
    const found = await this.uow.run(async (tx) => {
      const previous = await this.repo.setAssignee(tx, id, assignee);
      if (!previous) return false;
      if (previous.previousName !== (assignee?.name ?? null) || previous.previousPhone !== (assignee?.phone ?? null))
        await this.activity.record(tx, {
          action: 'request_assignee_changed',
          entityType: 'request',
          entityId: id,
          userId: admin?.userId ?? null,
          ipAddress: meta?.ip ?? null,
          userAgent: meta?.userAgent ?? null,
          metadata: { by: admin?.username ?? null, from: previous.previousName, to: assignee?.name ?? null },
        });
      return true;
    });
    if (!found) throw DomainException.notFound('الطلب غير موجود');
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
