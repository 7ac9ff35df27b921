import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import type { RequestMeta } from '../../../common/http/request-meta';
import { APP_LOGGER } from '../../../common/logging/logger';
import { formatDateWithHijri } from '../../../shared/arabic-date';
import { MAX_ACTIVE_REQUESTS } from '../../../shared/constants';
import { eventTypeLabel } from '../../../shared/labels';
import { maskPhone, saudiPhoneToE164 } from '../../../shared/phone';
import { capacityFromSetting, dateFullMessage } from '../../../shared/pickups';
import { eventDateWindow } from '../../../shared/request-schedule';
import {
  REQUEST_OUTCOME_MESSAGES,
  requestLookupKeys,
  unknownRequestFields,
  validateRequest,
  ValidRequest,
} from '../../../shared/request-rules';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import { UnitOfWork } from '../../../database/unit-of-work';
import { ConsentRepository } from '../../messaging/consent/consent.repository';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { HomepageStatisticsService } from '../../reports/homepage/homepage-statistics.service';
import { assertSiteOpen } from '../../system/site-status.service';
import { PickupErrors } from '../pickups/pickups-errors';
import { SelfServiceLinks } from '../self-service/self-service-links';
import { PublicRequestsRepository } from './public-requests.repository';
import { RequestIdempotency, type IdempotencyClaim } from './request-idempotency';
import type { DbScope } from '../../../database/db-scope';

export interface CreatedRequest {
  id: number;
  status: 'received';
  message: string;
}

const created = (id: number): CreatedRequest => ({ id, status: 'received', message: REQUEST_OUTCOME_MESSAGES.created });

/**
 * POST /api/requests: the server-side rules, then one transaction serialised per organizer phone that
 * checks duplicates before the active limit, inserts the request, records the opt-in, logs the
 * activity and writes the outbox rows; the worker is woken after the commit.
 */
@Injectable()
export class PublicRequestsService {
  constructor(
    private readonly requests: PublicRequestsRepository,
    private readonly clock: Clock,
    private readonly uow: UnitOfWork,
    private readonly consent: ConsentRepository,
    private readonly adminNumbers: AdminNumbersService,
    private readonly activity: ActivityLogService,
    private readonly statistics: HomepageStatisticsService,
    private readonly links: SelfServiceLinks,
    private readonly idempotency: RequestIdempotency,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The controller's entry: with an `Idempotency-Key`, a repeat answers the first answer. A repeat the
   * rules would now refuse (the lead time passed, the site was switched off) still gets it.
   */
  async submit(payload: unknown, meta: RequestMeta, idempotencyKey?: unknown): Promise<CreatedRequest> {
    const claim = this.idempotency.prepare(idempotencyKey, payload);
    try {
      return await this.create(payload, meta, claim);
    } catch (error) {
      const earlier = claim && error instanceof DomainException ? await this.idempotency.earlierAnswer<CreatedRequest>(claim) : null;
      if (earlier) return earlier;
      throw error;
    }
  }

  async create(payload: unknown, meta: RequestMeta, claim: IdempotencyClaim | null = null): Promise<CreatedRequest> {
    const unknownFields = unknownRequestFields(payload);
    if (Object.keys(unknownFields).length) throw DomainException.validation(unknownFields);
    // One round trip for everything read before the transaction: the site switch, the admin numbers
    // and the options the payload names (this is the public form's hot path).
    const { options, siteBlocked, adminNumbers, pickupCapacity } = await this.requests.context(requestLookupKeys(payload));
    assertSiteOpen(siteBlocked);
    const admins = this.adminNumbers.recipientsOf(this.adminNumbers.fromSetting(adminNumbers));
    const result = validateRequest(payload, { now: this.clock.now(), options });
    if (!result.ok) throw DomainException.validation(result.errors);
    const request = result.value;
    const eventLabel = options.eventTypes[request.eventType] ?? eventTypeLabel(request.eventType);
    const capacity = capacityFromSetting(pickupCapacity);
    // The host's link: two more columns in the request's own INSERT (no statement of its own).
    const { token, ...link } = this.links.issue();

    const outcome = await this.uow.run(async (tx) => {
      if (claim) {
        const earlier = await this.idempotency.claim<CreatedRequest>(tx, claim);
        if (earlier) return { earlier, id: 0 };
      }
      await this.requests.lockPhone(tx, request.organizerPhone);
      await this.assertAllowed(tx, request);
      // Locks in one order only (phone, then date), so no two requests wait on each other.
      if (capacity !== null) await this.assertDateOpen(tx, request.eventDate, capacity);
      const { consentText, ...columns } = request;
      const newId = await this.requests.insert(tx, {
        ...columns,
        status: 'received',
        ipAddress: meta.ip.slice(0, 64),
        userAgent: meta.userAgent?.slice(0, 500) || null,
        ...link,
      });
      const e164 = saudiPhoneToE164(request.organizerPhone) as string;
      if (request.whatsappOptIn) {
        await this.consent.record(tx, {
          phone: e164,
          method: 'request_form',
          text: consentText,
          at: this.clock.now(),
          ip: meta.ip,
          userAgent: meta.userAgent,
          requestId: newId,
        });
      }
      await this.activity.record(tx, {
        action: 'request_created',
        entityType: 'request',
        entityId: newId,
        metadata: { eventType: request.eventType, eventDate: request.eventDate, whatsappOptIn: request.whatsappOptIn },
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
      });
      const date = formatDateWithHijri(request.eventDate);
      if (request.whatsappOptIn) {
        await tx.send({
          templateKey: 'requestConfirmation',
          recipients: [{ whatsapp: e164, role: 'customer', optedIn: true }],
          variables: {
            organizerName: request.organizerName,
            requestNumber: newId,
            eventTypeLabel: eventLabel,
            eventDate: date,
            endTime: request.endTime,
            fullAddress: request.fullAddress,
          },
          secretVariables: { selfServiceToken: token },
          reason: 'request_created',
          subject: { type: 'request', id: newId },
          requesterWhatsapp: e164,
        });
      }
      if (admins.length) {
        await tx.send({
          templateKey: 'newRequest',
          recipients: admins,
          variables: {
            requestNumber: newId,
            eventTypeLabel: eventLabel,
            eventDate: date,
            endTime: request.endTime,
            attendeeCount: request.attendeeCount,
            fullAddress: request.fullAddress,
            organizerName: request.organizerName,
            organizerPhone: request.organizerPhone,
          },
          reason: 'request_created',
          subject: { type: 'request', id: newId },
          requesterWhatsapp: e164,
        });
      }
      if (claim) await this.idempotency.complete(tx, claim, newId, created(newId));
      tx.afterCommit(() => this.statistics.invalidate());
      return { earlier: null, id: newId };
    });
    if (outcome.earlier) return outcome.earlier;
    const { id } = outcome;

    this.logger.info({ requestId: id, phone: maskPhone(request.organizerPhone) }, 'request created');
    return created(id);
  }

  /**
   * DATE_FULL when the date already has `capacity` pickups (not cancelled), counted under the date's
   * lock taken in this transaction, so concurrent requests for the last places cannot all pass.
   */
  private async assertDateOpen(manager: DbScope, eventDate: string, capacity: number): Promise<void> {
    await this.requests.lockDate(manager, eventDate);
    if ((await this.requests.dayCount(manager, eventDate)) < capacity) return;
    const nextAvailable = await this.requests.nextFreeDate(manager, eventDate, eventDateWindow(this.clock.now()).max, capacity);
    throw PickupErrors.DATE_FULL(dateFullMessage(eventDate, nextAvailable), {
      errors: { eventDate: dateFullMessage(eventDate, nextAvailable) },
      details: { date: eventDate, nextAvailable },
    });
  }

  /** DUPLICATE_REQUEST (checked first), then ACTIVE_REQUESTS_LIMIT; runs under the phone's lock. */
  private async assertAllowed(manager: DbScope, request: ValidRequest): Promise<void> {
    const row = await this.requests.duplicateAndActive(manager, request);
    if (row.duplicate_id !== null) {
      const existingRequestId = Number(row.duplicate_id);
      throw new DomainException(409, 'DUPLICATE_REQUEST', REQUEST_OUTCOME_MESSAGES.duplicate(existingRequestId), {
        details: { existingRequestId },
      });
    }
    if (row.active_count >= MAX_ACTIVE_REQUESTS) {
      throw new DomainException(409, 'ACTIVE_REQUESTS_LIMIT', REQUEST_OUTCOME_MESSAGES.limit(row.active_count), {
        details: { activeRequestsCount: row.active_count },
      });
    }
  }
}
