import { Injectable } from '@nestjs/common';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import type { ListQuery, Page } from '../../../common/http/list-query';
import type { RequestMeta } from '../../../common/http/request-meta';
import type { AdminRequestRow, BulkAction, BulkOutcome, BulkResult, RequestsSummary } from '../../../shared/api/requests';
import { ACTIVE_STATUSES, isRequestStatus, RequestStatus } from '../../../shared/labels';
import { parseRequestSearch } from '../../../shared/request-search';
import { addDaysToDateString, riyadhDateString } from '../../../shared/time';
import { UnitOfWork } from '../../messaging/outbox/unit-of-work';
import { ActivityLogService } from '../../reports/activity-log.service';
import { HomepageStatisticsService } from '../../reports/homepage/homepage-statistics.service';
import { RequestStatusService } from '../request-status.service';
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
    const { status, q, active, id } = query.filter;
    const statuses: RequestStatus[] = [];
    if (status !== undefined && status !== null && status !== '') {
      const wanted = Array.isArray(status) ? status : [status];
      if (!wanted.every(isRequestStatus)) throw DomainException.validation({ status: 'حالة الطلب غير صحيحة' });
      statuses.push(...(wanted as RequestStatus[]));
    }
    if (active === true) statuses.push(...ACTIVE_STATUSES.filter((s) => !statuses.includes(s)));
    let ids: number[] | undefined;
    if (id !== undefined) {
      const list = Array.isArray(id) ? id : [id];
      if (!list.every((n) => Number.isSafeInteger(n) && (n as number) > 0 && (n as number) <= 2_147_483_647))
        throw DomainException.validation({ id: 'رقم الطلب غير صحيح' });
      ids = list as number[];
    }
    if (q !== undefined && typeof q !== 'string') throw DomainException.validation({ q: 'نص البحث يجب أن يكون نصاً' });
    const search = typeof q === 'string' ? (parseRequestSearch(q) ?? undefined) : undefined;
    return this.repo.list(query, { statuses, search, ids });
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

  /** Archives the request (who and why) and deletes it, in one transaction with its activity log. */
  async remove(id: number, reason: string | null, admin: AdminPrincipal | undefined, meta?: RequestMeta) {
    const removed = await this.uow.run(async (tx) => {
      const done = await this.repo.archiveAndDelete(tx.manager, id, admin?.username ?? null, reason);
      if (done)
        await this.activity.record(tx.manager, {
          action: 'request_deleted',
          entityType: 'request',
          entityId: id,
          userId: admin?.userId ?? null,
          ipAddress: meta?.ip ?? null,
          userAgent: meta?.userAgent ?? null,
          metadata: { by: admin?.username ?? null, ...(reason ? { reason } : {}) },
        });
      return done;
    });
    if (!removed) throw DomainException.notFound('الطلب غير موجود');
    await this.figures.invalidate();
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
