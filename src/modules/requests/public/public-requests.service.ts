import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import type { RequestMeta } from '../../../common/http/request-meta';
import { APP_LOGGER } from '../../../common/logging/logger';
import { FastInsert } from '../../../database/fast-insert';
import { preparedQuery } from '../../../database/prepared';
import { DROPDOWN_TYPES } from '../../../database/seeds/data/dropdowns';
import { formatDateWithHijri } from '../../../shared/arabic-date';
import { MAX_ACTIVE_REQUESTS } from '../../../shared/constants';
import { ACTIVE_STATUSES, eventTypeLabel } from '../../../shared/labels';
import { maskPhone, saudiPhoneToE164 } from '../../../shared/phone';
import {
  REQUEST_OUTCOME_MESSAGES,
  requestLookupKeys,
  RequestOptionLookup,
  unknownRequestFields,
  validateRequest,
  ValidRequest,
} from '../../../shared/request-rules';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import { OutboxService } from '../../messaging/outbox/outbox.service';
import { ConsentRepository } from '../../messaging/consent/consent.repository';
import type { EnqueuedMessage } from '../../messaging/outbox/outbox.types';
import { ActivityLogService } from '../../reports/activity-log.service';
import { HomepageStatisticsService } from '../../reports/homepage/homepage-statistics.service';
import { assertSiteOpen } from '../../system/site-status.service';
import { SETTING_KEYS } from '../../system/system-settings.service';
import { RequestEntity } from '../entities/request.entity';

export interface CreatedRequest {
  id: number;
  status: 'received';
  message: string;
}

/** The request row's INSERT, compiled once from the entity (this is the public form's hot path). */
const insertRequest = new FastInsert(RequestEntity);

/** Namespace of the per-phone advisory lock (two-key form: its own key space). */
const REQUEST_LOCK_NAMESPACE = 7301;

/**
 * POST /api/requests: the server-side rules, then one transaction serialised per organizer phone that
 * checks duplicates before the active limit, inserts the request, records the opt-in, logs the
 * activity and writes the outbox rows; the worker is woken after the commit.
 */
@Injectable()
export class PublicRequestsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly outbox: OutboxService,
    private readonly consent: ConsentRepository,
    private readonly adminNumbers: AdminNumbersService,
    private readonly activity: ActivityLogService,
    private readonly statistics: HomepageStatisticsService,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  async create(payload: unknown, meta: RequestMeta): Promise<CreatedRequest> {
    const unknownFields = unknownRequestFields(payload);
    if (Object.keys(unknownFields).length) throw DomainException.validation(unknownFields);
    // One round trip for everything read before the transaction: the site switch, the admin numbers
    // and the options the payload names (this is the public form's hot path).
    const { options, siteBlocked, adminNumbers } = await this.readContext(payload);
    assertSiteOpen(siteBlocked);
    const admins = this.adminNumbers.recipientsOf(this.adminNumbers.fromSetting(adminNumbers));
    const result = validateRequest(payload, { now: this.clock.now(), options });
    if (!result.ok) throw DomainException.validation(result.errors);
    const request = result.value;
    const eventLabel = options.eventTypes[request.eventType] ?? eventTypeLabel(request.eventType);

    const { id, attempts } = await this.db.transaction(async (manager) => {
      await preparedQuery(manager, 'SELECT pg_advisory_xact_lock($1, hashtext($2))', [REQUEST_LOCK_NAMESPACE, request.organizerPhone]);
      await this.assertAllowed(manager, request);
      const { consentText, ...columns } = request;
      const [inserted] = await insertRequest.run(manager, {
        ...columns,
        status: 'received',
        ipAddress: meta.ip.slice(0, 64),
        userAgent: meta.userAgent?.slice(0, 500) || null,
      });
      const newId = Number(inserted.id);
      const e164 = saudiPhoneToE164(request.organizerPhone) as string;
      if (request.whatsappOptIn) {
        await this.consent.record(manager, {
          phone: e164,
          method: 'request_form',
          text: consentText,
          at: this.clock.now(),
          ip: meta.ip,
          userAgent: meta.userAgent,
          requestId: newId,
        });
      }
      await this.activity.record(manager, {
        action: 'request_created',
        entityType: 'request',
        entityId: newId,
        metadata: { eventType: request.eventType, eventDate: request.eventDate, whatsappOptIn: request.whatsappOptIn },
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
      });
      const queued: EnqueuedMessage['attempts'] = [];
      const date = formatDateWithHijri(request.eventDate);
      if (request.whatsappOptIn) {
        const confirmation = await this.outbox.enqueue(manager, {
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
          reason: 'request_created',
          subject: { type: 'request', id: newId },
          requesterWhatsapp: e164,
        });
        queued.push(...confirmation.attempts);
      }
      if (admins.length) {
        const notice = await this.outbox.enqueue(manager, {
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
        queued.push(...notice.attempts);
      }
      return { id: newId, attempts: queued };
    });

    this.logger.info({ requestId: id, phone: maskPhone(request.organizerPhone) }, 'request created');
    await Promise.all([this.outbox.publish(attempts), this.statistics.invalidate()]);
    return { id, status: 'received', message: REQUEST_OUTCOME_MESSAGES.created };
  }

  /** DUPLICATE_REQUEST (checked first), then ACTIVE_REQUESTS_LIMIT; runs under the phone's lock. */
  private async assertAllowed(manager: EntityManager, request: ValidRequest): Promise<void> {
    const [row] = await preparedQuery<{ duplicate_id: number | null; active_count: number }>(
      manager,
      `SELECT (SELECT id FROM requests
                WHERE organizer_phone = $1 AND event_type = $2 AND event_date = $3 AND status = ANY($4)
                ORDER BY id LIMIT 1) AS duplicate_id,
              (SELECT count(*)::int FROM requests WHERE organizer_phone = $1 AND status = ANY($4)) AS active_count`,
      [request.organizerPhone, request.eventType, request.eventDate, ACTIVE_STATUSES],
    );
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

  /**
   * The active options the payload names (value → label/name) and the two settings this call needs,
   * in one query. The settings are read here rather than through SystemSettingsService only to save
   * round trips on the form's hot path; their meaning stays with their owners (assertSiteOpen,
   * AdminNumbersService.fromSetting).
   */
  private async readContext(
    payload: unknown,
  ): Promise<{ options: RequestOptionLookup; siteBlocked: string | null; adminNumbers: string | null }> {
    const keys = requestLookupKeys(payload);
    const [row] = await preparedQuery<{
      event_type_label: string | null;
      area_name: string | null;
      district_name: string | null;
      place_label: string | null;
      site_blocked: string | null;
      admin_numbers: string | null;
    }>(
      this.db,
      `SELECT (SELECT label FROM dropdown_options WHERE type = $1 AND value = $2 AND is_active) AS event_type_label,
              (SELECT name FROM simple_areas WHERE value = $3 AND is_active) AS area_name,
              (SELECT name FROM simple_districts WHERE value = $4 AND area_value = $3 AND is_active) AS district_name,
              (SELECT label FROM dropdown_options WHERE type = $5 AND value = $6 AND is_active) AS place_label,
              (SELECT value FROM system_settings WHERE key = $7) AS site_blocked,
              (SELECT value FROM system_settings WHERE key = $8) AS admin_numbers`,
      [
        DROPDOWN_TYPES.eventType,
        keys.eventType,
        keys.area,
        keys.district,
        DROPDOWN_TYPES.importantPlace,
        keys.importantPlace,
        SETTING_KEYS.siteBlocked,
        SETTING_KEYS.adminWhatsappNumbers,
      ],
    );
    return {
      options: {
        eventTypes: row.event_type_label !== null ? { [keys.eventType]: row.event_type_label } : {},
        areas: row.area_name !== null ? { [keys.area]: row.area_name } : {},
        districts: row.district_name !== null ? { [keys.area]: { [keys.district]: row.district_name } } : {},
        importantPlaces: row.place_label !== null ? { [keys.importantPlace]: row.place_label } : {},
      },
      siteBlocked: row.site_blocked,
      adminNumbers: row.admin_numbers,
    };
  }
}
