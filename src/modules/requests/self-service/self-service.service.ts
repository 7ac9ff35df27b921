import { Injectable } from '@nestjs/common';
import { CertificatesService, type CertificateFile } from '../../reports/certificates/certificates.service';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import type { RequestMeta } from '../../../common/http/request-meta';
import { formatDateWithHijri } from '../../../shared/arabic-date';
import type { SelfServiceCancelResult, SelfServiceStep, SelfServiceView } from '../../../shared/api/self-service';
import { eventTypeLabel, requestStatusLabel } from '../../../shared/labels';
import { saudiPhoneToE164 } from '../../../shared/phone';
import {
  collectionDeadline,
  hostCancelDeadline,
  hostCancellationReason,
  hostCancelRefusal,
  hostMayCancel,
} from '../../../shared/self-service';
import { HOST_PAGE_ACTOR_LABELS } from '../../../shared/status-actors';
import { riyadhDateString, riyadhTimeString } from '../../../shared/time';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import type { Tx } from '../../../database/unit-of-work';
import { UnitOfWork } from '../../../database/unit-of-work';
import type { RequestEntity } from '../entities/request.entity';
import { RequestStatusRepository } from '../request-status.repository';
import { ChangeOutcome, RequestStatusService } from '../request-status.service';
import { LINK_NOT_FOUND, SelfServiceErrors } from './self-service-errors';
import { SelfServiceLinks } from './self-service-links';
import { SelfServiceRepository, SelfServiceRow } from './self-service.repository';

const NO_REASON = 'لم يذكر سبباً';

/**
 * The host's own page: the request behind a personal link, and cancelling within the terms' rule. A
 * cancellation is the desk's status change with the host as its actor (history, activity row, the
 * host's statusUpdate), plus a notice to every administrator, all in one transaction on the locked row:
 * two cancels at once make one cancellation and one set of messages.
 */
@Injectable()
export class SelfServiceService {
  constructor(
    private readonly repo: SelfServiceRepository,
    private readonly links: SelfServiceLinks,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
    private readonly statuses: RequestStatusService,
    private readonly requests: RequestStatusRepository,
    private readonly adminNumbers: AdminNumbersService,
    private readonly certificates: CertificatesService,
  ) {}

  /** GET /api/self-service/:token. */
  async view(token: unknown): Promise<SelfServiceView> {
    const { row } = await this.find(token);
    return this.toView(row);
  }

  /**
   * GET /api/self-service/:token/certificate: the completed request's thank-you certificate, issued on
   * the first download and the same afterwards (409 before completion; 404 like an unknown link).
   */
  async certificate(token: unknown, origin: string): Promise<CertificateFile> {
    const { row } = await this.find(token);
    return this.certificates.certificateForRequest(row.id, { issuedBy: null, origin });
  }

  /** POST /api/self-service/:token/cancel: 200 (cancelled now or already), 409 past the rule, 404 like an unknown link. */
  async cancel(token: unknown, words: string | undefined, meta: RequestMeta): Promise<SelfServiceCancelResult> {
    const { row, hash } = await this.find(token);
    const outcome = await this.uow.run(async (tx): Promise<ChangeOutcome | 'already'> => {
      // The row lock serialises cancels: the second finds it cancelled and sends nothing.
      const request = await this.requests.lock(tx, row.id);
      if (!request || request.selfServiceTokenHash !== hash) throw DomainException.notFound(LINK_NOT_FOUND);
      if (request.fields.status === 'cancelled') return 'already';
      if (!hostMayCancel(request.fields.status, request.fields.eventDate, request.fields.endTime, this.clock.now())) {
        throw SelfServiceErrors.HOST_CANCEL_CLOSED(hostCancelRefusal(row.charityPhone), {
          details: { charityPhone: row.charityPhone, until: hostCancelDeadline(row.eventDate, row.endTime).toISOString() },
        });
      }
      const change = await this.statuses.apply(
        tx,
        request,
        { status: 'cancelled', cancellationReason: hostCancellationReason(words) },
        { type: 'host', meta },
      );
      await this.tellAdministrators(tx, request, row, words);
      return change;
    });
    const fresh = await this.repo.view(hash, this.clock.now());
    if (!fresh) throw DomainException.notFound(LINK_NOT_FOUND);
    return {
      changed: outcome !== 'already',
      message: outcome === 'already' ? 'الطلب ملغي مسبقاً' : 'تم إلغاء الطلب، وأُبلغ فريق الجمعية',
      request: this.toView(fresh),
    };
  }

  /** The request behind a token; anything else is the same 404 after the same one statement (or none, for text that is no token). */
  private async find(token: unknown): Promise<{ row: SelfServiceRow; hash: string }> {
    const hash = this.links.hashOf(token);
    const row = hash ? await this.repo.view(hash, this.clock.now()) : null;
    if (!row || !hash) throw DomainException.notFound(LINK_NOT_FOUND);
    return { row, hash };
  }

  /** Every administrator number at once, in the cancellation's transaction (hostCancelled). */
  private async tellAdministrators(tx: Tx, request: RequestEntity, row: SelfServiceRow, words: string | undefined): Promise<void> {
    const admins = await this.adminNumbers.recipients();
    if (!admins.length) return;
    const e164 = saudiPhoneToE164(request.fields.organizerPhone);
    await tx.send({
      templateKey: 'hostCancelled',
      recipients: admins,
      variables: {
        requestNumber: request.id,
        organizerName: request.fields.organizerName,
        eventTypeLabel: row.eventTypeLabel ?? eventTypeLabel(row.eventType),
        eventDate: formatDateWithHijri(row.eventDate),
        endTime: row.endTime,
        fullAddress: row.placeLabel ?? row.fullAddress,
        reason: words?.trim() || NO_REASON,
      },
      reason: 'host_cancelled',
      subject: { type: 'request', id: request.id },
      ...(e164 ? { requesterWhatsapp: e164 } : {}),
    });
  }

  private toView(row: SelfServiceRow): SelfServiceView {
    const now = this.clock.now();
    const when = (value: Date | string) => {
      const instant = new Date(value);
      return { at: instant.toISOString(), riyadh: { date: riyadhDateString(instant), time: riyadhTimeString(instant) } };
    };
    const arrival: SelfServiceStep = {
      status: 'received',
      statusLabel: requestStatusLabel('received'),
      actorType: 'host',
      actorLabel: HOST_PAGE_ACTOR_LABELS.host,
      reason: null,
      ...when(row.createdAt),
    };
    const changes = row.history.map((h): SelfServiceStep => ({
      status: h.to,
      statusLabel: requestStatusLabel(h.to),
      actorType: h.actor,
      actorLabel: HOST_PAGE_ACTOR_LABELS[h.actor] ?? HOST_PAGE_ACTOR_LABELS.system,
      reason: h.to === 'cancelled' ? h.reason : null,
      ...when(h.at),
    }));
    return {
      requestNumber: row.id,
      status: row.status,
      statusLabel: requestStatusLabel(row.status),
      history: [arrival, ...changes],
      event: {
        typeLabel: row.eventTypeLabel ?? eventTypeLabel(row.eventType),
        date: row.eventDate,
        endTime: row.endTime,
        attendeeCount: row.attendeeCount,
        place: row.placeLabel ?? row.fullAddress,
        foodTypeLabels: row.foodTypeLabels ?? [],
      },
      collectionDeadline: collectionDeadline(row.eventDate, row.endTime).toISOString(),
      cancel: {
        allowed: hostMayCancel(row.status, row.eventDate, row.endTime, now),
        until: hostCancelDeadline(row.eventDate, row.endTime).toISOString(),
      },
      charityPhone: row.charityPhone,
    };
  }
}
