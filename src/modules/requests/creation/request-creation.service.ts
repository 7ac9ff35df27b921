import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import type { RequestMeta } from '../../../common/http/request-meta';
import { APP_LOGGER } from '../../../common/logging/logger';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import type { DbScope } from '../../../database/db-scope';
import { UnitOfWork } from '../../../database/unit-of-work';
import type { CreatedRequest } from '../../../shared/api/requests';
import { formatDateWithHijri } from '../../../shared/arabic-date';
import { MAX_ACTIVE_REQUESTS } from '../../../shared/constants';
import { eventTypeLabel, type RequestSource } from '../../../shared/labels';
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
import { ConsentRepository, type ConsentMethod } from '../../messaging/consent/consent.repository';
import { HomepageStatisticsService } from '../../reports/homepage/homepage-statistics.service';
import { assertSiteOpen } from '../../system/site-status.service';
import { PickupErrors } from '../pickups/pickups-errors';
import { RequestIdempotency, type IdempotencyClaim } from '../public/request-idempotency';
import { SelfServiceLinks } from '../self-service/self-service-links';
import { RequestCreationErrors } from './request-creation-errors';
import { RequestCreationRepository } from './request-creation.repository';

/** Who made a request and how: its source, the call it came with, and (from the desk) the administrator. */
export interface RequestOrigin {
  source: RequestSource;
  meta: RequestMeta;
  /** The administrator entering it for a host (a phone call, a visit); none for the public form. */
  admin?: AdminPrincipal;
}

/** How each source's consent to WhatsApp messages is recorded in whatsapp_opt_ins. */
const CONSENT_METHODS: Readonly<Record<RequestSource, ConsentMethod>> = {
  public_form: 'request_form',
  phone: 'admin_entry',
  whatsapp: 'admin_entry',
  walk_in: 'admin_entry',
  recurring: 'donor_schedule',
};

export const createdRequest = (id: number): CreatedRequest => ({ id, status: 'received', message: REQUEST_OUTCOME_MESSAGES.created });

/**
 * The one way a request is created, whatever its source (decisions.md, wave 4): the server-side rules,
 * then one transaction serialised per organizer phone that checks duplicates before the active limit
 * and the day's capacity, inserts the request with its source, records the opt-in, logs the activity
 * and writes the outbox rows (the host's confirmation with their link, the administrators' notice);
 * the worker is woken and the public figures marked stale after the commit.
 */
@Injectable()
export class RequestCreationService {
  constructor(
    private readonly requests: RequestCreationRepository,
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

  /** A new request from `payload` (the public form's body); with a claim, its first answer is kept for repeats. */
  async create(payload: unknown, origin: RequestOrigin, claim: IdempotencyClaim | null = null): Promise<CreatedRequest> {
    const { meta, source } = origin;
    const unknownFields = unknownRequestFields(payload);
    if (Object.keys(unknownFields).length) throw DomainException.validation(unknownFields);
    // One round trip for everything read before the transaction: the site switch, the admin numbers
    // and the options the payload names (this is the public form's hot path).
    const { options, siteBlocked, adminNumbers, pickupCapacity } = await this.requests.context(requestLookupKeys(payload));
    // The site switch closes the public form; the team can still enter a request by phone.
    if (source === 'public_form') assertSiteOpen(siteBlocked);
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
        source,
        ipAddress: meta.ip.slice(0, 64),
        userAgent: meta.userAgent?.slice(0, 500) || null,
        ...link,
      });
      const e164 = saudiPhoneToE164(request.organizerPhone) as string;
      if (request.whatsappOptIn) {
        await this.consent.record(tx, {
          phone: e164,
          method: CONSENT_METHODS[source],
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
        userId: origin.admin?.userId ?? null,
        metadata: {
          eventType: request.eventType,
          eventDate: request.eventDate,
          whatsappOptIn: request.whatsappOptIn,
          source,
          ...(origin.admin ? { by: origin.admin.username } : {}),
        },
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
      if (claim) await this.idempotency.complete(tx, claim, newId, createdRequest(newId));
      tx.afterCommit(() => this.statistics.invalidate());
      return { earlier: null, id: newId };
    });
    if (outcome.earlier) return outcome.earlier;
    const { id } = outcome;

    this.logger.info({ requestId: id, source, phone: maskPhone(request.organizerPhone) }, 'request created');
    return createdRequest(id);
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
    const { duplicateId, activeCount } = await this.requests.duplicateAndActive(manager, request);
    if (duplicateId !== null) {
      const existingRequestId = duplicateId;
      throw RequestCreationErrors.DUPLICATE_REQUEST(REQUEST_OUTCOME_MESSAGES.duplicate(existingRequestId), {
        details: { existingRequestId },
      });
    }
    if (activeCount >= MAX_ACTIVE_REQUESTS) {
      throw RequestCreationErrors.ACTIVE_REQUESTS_LIMIT(REQUEST_OUTCOME_MESSAGES.limit(activeCount), {
        details: { activeRequestsCount: activeCount },
      });
    }
  }
}
