import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { StatusActorType } from '../../../shared/api/requests';
import type { RequestStatus } from '../../../shared/labels';
import { SELF_SERVICE_LINK_DAYS } from '../../../shared/self-service';
import { eventEndSql } from '../request-times.sql';

/** One stored status change, as the host's page reads it. */
export interface SelfServiceHistoryRow {
  to: RequestStatus;
  actor: StatusActorType;
  reason: string | null;
  at: string;
}

/** A request as its host's page reads it: the event, its labels, the charity's phone and the history. */
export interface SelfServiceRow {
  id: number;
  status: RequestStatus;
  eventDate: string;
  endTime: string;
  attendeeCount: number;
  eventType: string;
  eventTypeLabel: string | null;
  fullAddress: string;
  placeLabel: string | null;
  foodTypeLabels: string[];
  createdAt: Date;
  charityPhone: string | null;
  history: SelfServiceHistoryRow[];
}

// A read model like the desk's (ARCHITECTURE.md §4a): the labels of content's lists, the charity's
// phone and the history in the one indexed look-up by the token's hash, so a link that opens and one
// that does not (unknown, or past its 30 days) cost the same single statement.
const VIEW = `SELECT r.id, r.status, to_char(r.event_date, 'YYYY-MM-DD') AS "eventDate", r.end_time AS "endTime",
    r.attendee_count AS "attendeeCount", r.event_type AS "eventType", et.label AS "eventTypeLabel",
    r.full_address AS "fullAddress", CASE WHEN r.location_type = 'important_place' THEN ip.label END AS "placeLabel",
    ARRAY(SELECT coalesce(f.label, x.v) FROM unnest(r.food_types) WITH ORDINALITY AS x(v, n)
          LEFT JOIN dropdown_options f ON f.type = 'foodType' AND f.value = x.v ORDER BY x.n) AS "foodTypeLabels",
    r.created_at AS "createdAt",
    (SELECT nullif(btrim(c.value), '') FROM content_settings c WHERE c.key = 'contact_phone') AS "charityPhone",
    coalesce((SELECT json_agg(json_build_object('to', h.to_status, 'actor', h.actor_type, 'reason', h.reason, 'at', h.created_at)
                              ORDER BY h.created_at, h.id)
              FROM request_status_history h WHERE h.request_id = r.id), '[]'::json) AS history
  FROM requests r
  LEFT JOIN dropdown_options et ON et.type = 'eventType' AND et.value = r.event_type
  LEFT JOIN dropdown_options ip ON ip.type = 'importantPlace' AND ip.value = r.important_place
  WHERE r.self_service_token_hash = $1
    AND ${eventEndSql()} + make_interval(days => $3) > $2`;

/** The host's page's one read (the cancel's write goes through the status change). */
@Injectable()
export class SelfServiceRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The request whose link has this hash, while the link opens (until 30 days after the event's end). */
  async view(tokenHash: string, now: Date): Promise<SelfServiceRow | null> {
    const [row] = (await this.db.query(VIEW, [tokenHash, now, SELF_SERVICE_LINK_DAYS])) as SelfServiceRow[];
    return row ? { ...row, id: Number(row.id), attendeeCount: Number(row.attendeeCount) } : null;
  }
}
