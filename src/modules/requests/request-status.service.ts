import { Injectable } from '@nestjs/common';
import type { AdminPrincipal } from '../../common/auth/current-admin.decorator';
import { Clock } from '../../common/clock/clock';
import { DomainException } from '../../common/errors/domain.exception';
import type { RequestMeta } from '../../common/http/request-meta';
import { formatGregorianAr } from '../../shared/arabic-date';
import type { StatusHistoryEntry } from '../../shared/api/requests';
import { requestStatusLabel, RequestStatus } from '../../shared/labels';
import { PublicContentService } from '../content/public/public-content.service';
import { saudiPhoneToE164 } from '../../shared/phone';
import { UnitOfWork } from '../messaging/outbox/unit-of-work';
import { ActivityLogService } from '../reports/activity-log.service';
import { HomepageStatisticsService } from '../reports/homepage/homepage-statistics.service';
import { RequestStatusRepository } from './request-status.repository';

export interface StatusChangeResult {
  success: true;
  changed: boolean;
  /** True when a statusUpdate WhatsApp message was queued for the customer (opted in, status changed). */
  notified: boolean;
  message: string;
  request: { id: number; status: RequestStatus };
}

/**
 * An administrator changes a request's status: the change, its activity log and the customer's
 * statusUpdate message commit together; the same status again is a no-op that sends nothing.
 */
@Injectable()
export class RequestStatusService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly activity: ActivityLogService,
    private readonly figures: HomepageStatisticsService,
    private readonly clock: Clock,
    private readonly requests: RequestStatusRepository,
    private readonly content: PublicContentService,
  ) {}

  async change(
    id: number,
    input: { status: RequestStatus; cancellationReason?: string; weighedKg?: number | null },
    admin: AdminPrincipal | undefined,
    meta?: RequestMeta,
  ): Promise<StatusChangeResult> {
    const reason = input.cancellationReason?.trim() || null;
    const outcome = await this.uow.run(async (tx) => {
      const manager = tx.manager;
      const request = await this.requests.lock(manager, id);
      if (!request) throw DomainException.notFound('الطلب غير موجود');
      const from = request.fields.status;
      // Weighed kilograms (optional, at completion) replace the estimate in the figures for this request.
      const weighed = input.status === 'completed' && input.weighedKg !== undefined ? input.weighedKg : undefined;
      if (from === input.status) {
        if (weighed !== undefined && weighed !== request.fields.weighedKg) {
          request.fields.weighedKg = weighed;
          await this.requests.save(manager, request);
          return { changed: false, weightSaved: true };
        }
        return { changed: false };
      }
      if (weighed !== undefined) request.fields.weighedKg = weighed;

      request.fields.status = input.status;
      // The reason stays with the request (shown on the desk); leaving "cancelled" clears it.
      request.fields.cancellationReason = input.status === 'cancelled' ? reason : null;
      if (input.status === 'completed' && !request.fields.completedAt) request.fields.completedAt = this.clock.now();
      await this.requests.save(manager, request);
      await this.requests.recordHistory(manager, {
        requestId: id,
        fromStatus: from,
        toStatus: input.status,
        actorType: admin ? 'admin' : 'system',
        actorUsername: admin?.username ?? null,
        reason: input.status === 'cancelled' ? reason : null,
        createdAt: this.clock.now(),
      });
      await this.activity.record(manager, {
        action: 'status_changed',
        entityType: 'request',
        entityId: id,
        userId: admin?.userId ?? null,
        ipAddress: meta?.ip ?? null,
        userAgent: meta?.userAgent ?? null,
        metadata: {
          from,
          to: input.status,
          by: admin?.username ?? null,
          ...(input.status === 'cancelled' && reason ? { cancellationReason: reason } : {}),
        },
      });

      const phone = saudiPhoneToE164(request.fields.organizerPhone);
      const notified = Boolean(request.fields.whatsappOptIn && phone);
      if (notified && phone) {
        const label = requestStatusLabel(input.status);
        const statusLabel = input.status === 'cancelled' && reason ? `${label}، سبب الإلغاء: ${reason}` : label;
        await tx.send({
          templateKey: 'statusUpdate',
          recipients: [{ whatsapp: phone, role: 'customer', optedIn: true }],
          variables: {
            organizerName: request.fields.organizerName,
            requestNumber: id,
            eventTypeLabel: await this.content.eventTypeLabel(request.fields.eventType),
            eventDate: formatGregorianAr(request.fields.eventDate),
            statusLabel,
          },
          reason: 'status_changed',
          subject: { type: 'request', id },
          requesterWhatsapp: phone,
        });
      }
      return { changed: true, notified };
    });
    // A status or a weight moves the public figures (successful events, food saved).
    if (outcome.changed || 'weightSaved' in outcome) await this.figures.invalidate();
    return {
      success: true,
      changed: outcome.changed,
      notified: 'notified' in outcome && outcome.notified === true,
      message: outcome.changed ? 'تم تحديث حالة الطلب' : 'weightSaved' in outcome ? 'تم حفظ الوزن الفعلي' : 'حالة الطلب لم تتغير',
      request: { id, status: input.status },
    };
  }

  /** The request's status changes, oldest first (empty for a request never changed). */
  history(id: number): Promise<StatusHistoryEntry[]> {
    return this.requests.history(id);
  }
}
