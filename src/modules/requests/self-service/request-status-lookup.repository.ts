import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { rowsOf } from '../../../database/query-rows';
import { eventTypeLabel } from '../../../shared/labels';
import type { RequestStatus } from '../../../shared/labels';
import { selfServiceLinkExpiry } from '../../../shared/self-service';
import type { RequestStatusAnswer, RequestStatusLookup } from '../../messaging/webhooks/request-status-lookup';
import { SelfServiceLinks } from './self-service-links';
import { managerOf, type DbScope } from '../../../database/db-scope';

const MAX_ID = 2_147_483_647;

// The phone's latest request (IDX_requests_organizer_phone_event_date narrows to the phone's few
// requests), or its request with this number; the event type's label from content's list (read model).
const FOR_PHONE = `SELECT r.id, r.status, r.organizer_name AS "organizerName", r.event_type AS "eventType", et.label AS "eventTypeLabel",
    to_char(r.event_date, 'YYYY-MM-DD') AS "eventDate", r.end_time AS "endTime", r.cancellation_reason AS "cancellationReason",
    r.self_service_salt AS "salt"
  FROM requests r
  LEFT JOIN dropdown_options et ON et.type = 'eventType' AND et.value = r.event_type
  WHERE r.organizer_phone = $1 AND ($2::int IS NULL OR r.id = $2::int)
  ORDER BY r.created_at DESC, r.id DESC
  LIMIT 1`;

interface Row {
  id: number;
  status: RequestStatus;
  organizerName: string;
  eventType: string;
  eventTypeLabel: string | null;
  eventDate: string;
  endTime: string;
  cancellationReason: string | null;
  salt: string | null;
}

/** The requests module's answer to messaging's status lookup (the WhatsApp «حالة» answer). */
@Injectable()
export class RequestStatusLookupRepository implements RequestStatusLookup {
  constructor(private readonly links: SelfServiceLinks) {}

  async forPhone(scope: DbScope, organizerPhone: string, requestNumber: number | null, now: Date): Promise<RequestStatusAnswer | null> {
    const manager = managerOf(scope);
    if (requestNumber !== null && (requestNumber < 1 || requestNumber > MAX_ID)) return null;
    const [row] = (await manager.query(FOR_PHONE, [organizerPhone, requestNumber])) as Row[];
    if (!row) return null;
    const open = now.getTime() < selfServiceLinkExpiry(row.eventDate, row.endTime).getTime();
    return {
      id: Number(row.id),
      status: row.status,
      organizerName: row.organizerName,
      eventTypeLabel: row.eventTypeLabel ?? eventTypeLabel(row.eventType),
      eventDate: row.eventDate,
      cancellationReason: row.cancellationReason,
      linkToken: open ? await this.token(manager, Number(row.id), row.salt) : null,
    };
  }

  /** The request's token; a request made before links gets its link now. */
  private async token(manager: EntityManager, id: number, salt: string | null): Promise<string> {
    if (salt) return this.links.tokenOf(salt);
    const { token, selfServiceSalt, selfServiceTokenHash } = this.links.issue();
    // Only if still without one: a status change giving it a link meanwhile wins, and its token is read back.
    const [kept] = rowsOf<{ salt: string }>(
      await manager.query(
        `UPDATE requests SET self_service_salt = coalesce(self_service_salt, $2), self_service_token_hash = coalesce(self_service_token_hash, $3)
         WHERE id = $1 RETURNING self_service_salt AS salt`,
        [id, selfServiceSalt, selfServiceTokenHash],
      ),
    );
    return !kept || kept.salt === selfServiceSalt ? token : this.links.tokenOf(kept.salt);
  }
}
