import { Injectable } from '@nestjs/common';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { defineErrors } from '../../../common/errors/define-errors';
import { DomainException } from '../../../common/errors/domain.exception';
import { idsFilter, type ListQuery, type Page } from '../../../common/http/list-query';
import type { RequestMeta } from '../../../common/http/request-meta';
import type { AdminRequestRow, DeletedRequestRow } from '../../../shared/api/requests';
import { MAX_ACTIVE_REQUESTS } from '../../../shared/constants';
import { formatGregorianAr } from '../../../shared/arabic-date';
import { isActiveStatus } from '../../../shared/labels';
import { capacityFromSetting } from '../../../shared/pickups';
import { parseRequestSearch } from '../../../shared/request-search';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { HomepageStatisticsService } from '../../reports/homepage/homepage-statistics.service';
import { SETTING_KEYS, SystemSettingsService } from '../../system/system-settings.service';
import { RequestsAdminRepository } from '../admin/requests-admin.repository';
import { RequestCreationRepository } from '../creation/request-creation.repository';
import { ArchiveFilterField, ArchiveSortField, DeletedRequestsRepository } from './deleted-requests.repository';
import { UnitOfWork } from '../../../database/unit-of-work';

const ENTRY_ID_MESSAGE = 'رقم الطلب غير صحيح';

/** Why a restore is refused (the same codes as a new request's, with the restore's own words). */
export const ArchiveErrors = defineErrors({
  DUPLICATE_REQUEST: { status: 409, message: 'لا يمكن استعادة الطلب: لصاحبه طلب نشط آخر بنفس نوع المناسبة وتاريخها' },
  ACTIVE_REQUESTS_LIMIT: { status: 409, message: 'لا يمكن استعادة الطلب: لصاحبه طلبان نشطان، وهو الحد الأقصى' },
  REQUEST_NUMBER_IN_USE: { status: 409, message: 'لا يمكن استعادة الطلب: رقمه مستخدم لطلب آخر' },
  DATE_FULL: { status: 409, message: 'لا يمكن استعادة الطلب: اكتمل جدول الاستلام في يوم مناسبته' },
});

/** The archive of deleted requests: who deleted each, when and why; a restore puts one back with its number. */
@Injectable()
export class DeletedRequestsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly archive: DeletedRequestsRepository,
    private readonly requests: RequestCreationRepository,
    private readonly desk: RequestsAdminRepository,
    private readonly activity: ActivityLogService,
    private readonly figures: HomepageStatisticsService,
    private readonly settings: SystemSettingsService,
  ) {}

  list(query: ListQuery<ArchiveSortField, ArchiveFilterField>): Promise<Page<DeletedRequestRow>> {
    const { q } = query.filter;
    if (q !== undefined && q !== null && typeof q !== 'string') throw DomainException.validation({ q: 'نص البحث يجب أن يكون نصاً' });
    const ids = idsFilter(query.filter.id, ENTRY_ID_MESSAGE);
    return this.archive.list(query, typeof q === 'string' ? (parseRequestSearch(q) ?? undefined) : undefined, ids);
  }

  /** One archived request as the list shows it (react-admin's getOne; `id` is the archive entry's). */
  async one(id: number): Promise<DeletedRequestRow> {
    const page = await this.archive.list({ sort: { field: 'deletedAt', order: 'DESC' }, skip: 0, take: 1 }, undefined, [id]);
    if (!page.rows.length) throw DomainException.notFound('الطلب المحذوف غير موجود');
    return page.rows[0];
  }

  /**
   * Puts the archived request back under its original number, in one transaction with its activity row.
   * It runs under the organizer phone's lock, the one a new request takes, so the two-active rule and
   * the duplicate check hold against a request being created at the same moment. The history and the
   * notes kept the number, so they come back with it; the status counters follow by trigger.
   */
  async restore(
    archiveId: number,
    admin: AdminPrincipal | undefined,
    meta?: RequestMeta,
  ): Promise<{ success: true; message: string; request: AdminRequestRow }> {
    const capacity = capacityFromSetting(await this.settings.value(SETTING_KEYS.pickupMaxPerDay));
    const id = await this.uow.run(async (tx) => {
      const entry = await this.archive.lock(tx, archiveId);
      if (!entry) return null;
      await this.requests.lockPhone(tx, entry.organizerPhone);
      // A completed or cancelled request adds no active one: only an active request meets the rules,
      // in a new request's order: the duplicate, then the two-active limit, then the day's capacity.
      if (isActiveStatus(entry.status)) {
        const { duplicateId, activeCount } = await this.requests.duplicateAndActive(tx, entry);
        if (duplicateId !== null)
          throw ArchiveErrors.DUPLICATE_REQUEST(
            `لا يمكن استعادة الطلب #${entry.originalId}: لصاحبه طلب نشط آخر برقم #${duplicateId} بنفس نوع المناسبة وتاريخها`,
            { details: { existingRequestId: duplicateId } },
          );
        if (activeCount >= MAX_ACTIVE_REQUESTS)
          throw ArchiveErrors.ACTIVE_REQUESTS_LIMIT(
            `لا يمكن استعادة الطلب #${entry.originalId}: لصاحبه ${activeCount === 2 ? 'طلبان نشطان' : `${activeCount} طلبات نشطة`}، والحد الأقصى طلبان نشطان في الوقت نفسه. أكمل أحدهما أو ألغه ثم أعد المحاولة`,
            { details: { activeRequestsCount: activeCount } },
          );
        // An active pickup takes a place on its date, under the date's lock taken
        // after the phone's, as a new request does (decisions.md "Pickup capacity").
        if (capacity !== null) {
          await this.requests.lockDate(tx, entry.eventDate);
          if ((await this.requests.dayCount(tx, entry.eventDate)) >= capacity)
            throw ArchiveErrors.DATE_FULL(
              `لا يمكن استعادة الطلب #${entry.originalId}: اكتمل جدول الاستلام في ${formatGregorianAr(entry.eventDate)} (${capacity} في اليوم). ارفع الحد الأقصى من جدول الاستلام ثم أعد المحاولة`,
              { details: { date: entry.eventDate, maxPerDay: capacity } },
            );
        }
      }
      if (!(await this.archive.restore(tx, archiveId))) throw ArchiveErrors.REQUEST_NUMBER_IN_USE();
      // The request counts again in the public figures.
      tx.afterCommit(() => this.figures.invalidate());
      await this.activity.record(tx, {
        action: 'request_restored',
        entityType: 'request',
        entityId: entry.originalId,
        userId: admin?.userId ?? null,
        ipAddress: meta?.ip ?? null,
        userAgent: meta?.userAgent ?? null,
        metadata: { by: admin?.username ?? null, archiveId },
      });
      return entry.originalId;
    });
    if (id === null) throw DomainException.notFound('الطلب غير موجود في الأرشيف، ربما استُعيد من قبل');
    const request = await this.desk.findOne(id);
    if (!request) throw DomainException.notFound('الطلب غير موجود');
    return { success: true, message: `تمت استعادة الطلب #${id} إلى قائمة الطلبات`, request };
  }
}
