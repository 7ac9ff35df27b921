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
import { UnitOfWork } from '../../database/unit-of-work';
import type { Tx } from '../../database/unit-of-work';
import { ActivityLogService } from '../../database/activity-log/activity-log.service';
import { HomepageStatisticsService } from '../reports/homepage/homepage-statistics.service';
import { RequestEntity } from './entities/request.entity';
import { RequestStatusRepository } from './request-status.repository';
import { SelfServiceLinks } from './self-service/self-service-links';

export interface StatusChangeResult {
  success: true;
  changed: boolean;
  /** True when a statusUpdate WhatsApp message was queued for the customer (opted in, status changed). */
  notified: boolean;
  message: string;
  request: { id: number; status: RequestStatus };
}

/** Who changes a status: an administrator (none: the system), or the host from their own page. */
export type StatusActor =
  | { type: 'admin'; admin: AdminPrincipal | undefined; meta?: RequestMeta }
  | { type: 'host'; meta?: RequestMeta }
  | { type: 'volunteer'; volunteer: { id: number; name: string }; meta?: RequestMeta };

export interface StatusInput {
  status: RequestStatus;
  cancellationReason?: string;
  weighedKg?: number | null;
}

/** What one change did: the status moved (and whether the host was told), or only the weight was saved. */
export type ChangeOutcome = { changed: true; notified: boolean } | { changed: false; weightSaved?: true };

/**
 * A request's status changes: the change, its history row, its activity row and the customer's
 * statusUpdate message (with the host's link) commit together; the same status again is a no-op that
 * sends nothing. Administrators change it from the desk; the host cancels from their own page.
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
    private readonly links: SelfServiceLinks,
  ) {}

  async change(id: number, input: StatusInput, admin: AdminPrincipal | undefined, meta?: RequestMeta): Promise<StatusChangeResult> {
    const outcome = await this.uow.run(async (tx) => {
      const request = await this.requests.lock(tx, id);
      if (!request) throw DomainException.notFound('الطلب غير موجود');
      return this.apply(tx, request, input, { type: 'admin', admin, meta });
    });
    return {
      success: true,
      changed: outcome.changed,
      notified: outcome.changed && outcome.notified,
      message: outcome.changed ? 'تم تحديث حالة الطلب' : outcome.weightSaved ? 'تم حفظ الوزن الفعلي' : 'حالة الطلب لم تتغير',
      request: { id, status: input.status },
    };
  }

  /**
   * The change of a request the caller has locked, inside the caller's unit of work: status, reason,
   * weight, history, activity row and the host's statusUpdate; the public figures are marked stale once
   * it commits (a status or a weight moves successful events and food saved).
   */
  async apply(tx: Tx, request: RequestEntity, input: StatusInput, actor: StatusActor): Promise<ChangeOutcome> {
    const id = request.id;
    const reason = input.cancellationReason?.trim() || null;
    const from = request.fields.status;
    // Weighed kilograms (optional, at completion) replace the estimate in the figures for this request.
    const weighed = input.status === 'completed' && input.weighedKg !== undefined ? input.weighedKg : undefined;
    if (from === input.status) {
      if (weighed !== undefined && weighed !== request.fields.weighedKg) {
        request.fields.weighedKg = weighed;
        await this.requests.save(tx, request);
        tx.afterCommit(() => this.figures.invalidate());
        return { changed: false, weightSaved: true };
      }
      return { changed: false };
    }
    if (weighed !== undefined) request.fields.weighedKg = weighed;

    request.fields.status = input.status;
    // The reason stays with the request (shown on the desk); leaving "cancelled" clears it.
    request.fields.cancellationReason = input.status === 'cancelled' ? reason : null;
    if (input.status === 'completed' && !request.fields.completedAt) request.fields.completedAt = this.clock.now();
    const token = this.linkToken(request);
    await this.requests.save(tx, request);
    tx.afterCommit(() => this.figures.invalidate());
    const admin = actor.type === 'admin' ? actor.admin : undefined;
    const actorType = actor.type === 'admin' ? (admin ? 'admin' : 'system') : actor.type;
    await this.requests.recordHistory(tx, {
      requestId: id,
      fromStatus: from,
      toStatus: input.status,
      actorType,
      actorUsername: actor.type === 'volunteer' ? actor.volunteer.name : (admin?.username ?? null),
      reason: input.status === 'cancelled' ? reason : null,
      createdAt: this.clock.now(),
    });
    await this.activity.record(tx, {
      action: actor.type === 'host' ? 'host_status_changed' : actor.type === 'volunteer' ? 'volunteer_status_changed' : 'status_changed',
      entityType: 'request',
      entityId: id,
      userId: admin?.userId ?? null,
      ipAddress: actor.meta?.ip ?? null,
      userAgent: actor.meta?.userAgent ?? null,
      metadata: {
        from,
        to: input.status,
        by: actor.type === 'volunteer' ? actor.volunteer.name : (admin?.username ?? null),
        actor: actorType,
        ...(actor.type === 'volunteer' ? { volunteerId: actor.volunteer.id } : {}),
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
          // Read in the transaction: under the row lock, waiting on the pool for a second connection could starve it.
          eventTypeLabel: await this.content.eventTypeLabel(request.fields.eventType, tx),
          eventDate: formatGregorianAr(request.fields.eventDate),
          statusLabel,
        },
        secretVariables: { selfServiceToken: token },
        reason: 'status_changed',
        subject: { type: 'request', id },
        requesterWhatsapp: phone,
      });
    }
    return { changed: true, notified };
  }

  /**
   * Tells the host (when they opted in) that their volunteer has set out, by first name only (no phone),
   * with the link to their page, in the caller's transaction (volunteerOnTheWay).
   */
  async tellHostOnTheWay(tx: Tx, request: RequestEntity, volunteerFirstName: string): Promise<boolean> {
    const phone = saudiPhoneToE164(request.fields.organizerPhone);
    if (!request.fields.whatsappOptIn || !phone) return false;
    const hadLink = Boolean(request.selfServiceSalt);
    const token = this.linkToken(request);
    // A link given to a request that had none is kept with it.
    if (!hadLink) await this.requests.save(tx, request);
    await tx.send({
      templateKey: 'volunteerOnTheWay',
      recipients: [{ whatsapp: phone, role: 'customer', optedIn: true }],
      variables: { organizerName: request.fields.organizerName, volunteerName: volunteerFirstName, requestNumber: request.id },
      secretVariables: { selfServiceToken: token },
      reason: 'volunteer_on_the_way',
      subject: { type: 'request', id: request.id },
      requesterWhatsapp: phone,
    });
    return true;
  }

  /** The host's link token, giving the request one first when it has none (made before links, or restored). */
  private linkToken(request: RequestEntity): string {
    if (request.selfServiceSalt) return this.links.tokenOf(request.selfServiceSalt);
    const { token, ...stored } = this.links.issue();
    Object.assign(request, stored);
    return token;
  }

  /** The request's status changes, oldest first (empty for a request never changed). */
  history(id: number): Promise<StatusHistoryEntry[]> {
    return this.requests.history(id);
  }
}
