import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ListQuery, Page } from '../../../common/http/list-query';
import { DESK_FILTER_FIELDS } from '../../../shared/api/requests';
import type { AdminRequestRow } from '../../../shared/api/requests';
import { eventTypeLabel, REQUEST_STATUSES, requestStatusLabel, RequestStatus } from '../../../shared/labels';
import { managerOf, type DbScope } from '../../../database/db-scope';
import { DeletedRequestEntity } from '../entities/deleted-request.entity';
import { RequestEntity } from '../entities/request.entity';
import { collectionDeadlineSql } from '../request-times.sql';

export const REQUEST_SORTABLE = ['createdAt', 'eventDate', 'organizerName', 'status', 'collectionDeadline', 'id'] as const;
export const REQUEST_FILTERABLE = ['status', 'q', 'active', 'id', ...DESK_FILTER_FIELDS] as const;
export type RequestSortField = (typeof REQUEST_SORTABLE)[number];
export type RequestFilterField = (typeof REQUEST_FILTERABLE)[number];

/** What `q` was read as: a request number, a phone (canonical 05…), or name text. */
export interface RequestSearch {
  id?: number;
  phone?: string;
  text?: string;
}

/** What narrows the desk's list (and its export): all given conditions hold together. */
export interface DeskWhere {
  statuses?: RequestStatus[];
  search?: RequestSearch;
  ids?: number[];
  /** Event dates, inclusive (YYYY-MM-DD). */
  eventDateFrom?: string;
  eventDateTo?: string;
  area?: string;
  importantPlace?: string;
  eventType?: string;
}

/** The WHERE clause of the desk's list and export; `param` binds a value and answers its placeholder. */
export function deskWhereSql(where: DeskWhere, param: (value: unknown) => string): string {
  const conditions: string[] = [];
  // Statuses are written as literals (only the five known values get here) so the planner can use the
  // partial index of active requests.
  if (where.statuses?.length)
    conditions.push(
      `r.status IN (${REQUEST_STATUSES.filter((s) => where.statuses!.includes(s))
        .map((s) => `'${s}'`)
        .join(', ')})`,
    );
  if (where.ids) conditions.push(`r.id = ANY(${param(where.ids)}::int[])`);
  const search = where.search;
  if (search) {
    const ors: string[] = [];
    if (search.id !== undefined) ors.push(`r.id = ${param(search.id)}`);
    if (search.phone) ors.push(`r.organizer_phone = ${param(search.phone)}`);
    if (search.text) ors.push(`r.organizer_name ILIKE ${param(`%${search.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
    conditions.push(ors.length ? `(${ors.join(' OR ')})` : 'false');
  }
  // Each served by an index that starts with the column and goes on with the event date.
  if (where.eventDateFrom) conditions.push(`r.event_date >= ${param(where.eventDateFrom)}::date`);
  if (where.eventDateTo) conditions.push(`r.event_date <= ${param(where.eventDateTo)}::date`);
  if (where.area) conditions.push(`r.area = ${param(where.area)}`);
  if (where.importantPlace) conditions.push(`r.important_place = ${param(where.importantPlace)}`);
  if (where.eventType) conditions.push(`r.event_type = ${param(where.eventType)}`);
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

const DEADLINE_SQL = collectionDeadlineSql();
// Written exactly as in IDX_requests_status_rank so the planner uses that index.
const STATUS_RANK_SQL = `array_position('{${REQUEST_STATUSES.join(',')}}'::varchar[], r.status)`;

/** ORDER BY per sort field and direction; every one ends with the id so pages never overlap. */
export const ORDER_SQL: Record<RequestSortField, (o: 'ASC' | 'DESC') => string> = {
  createdAt: (o) => `r.created_at ${o}, r.id ${o}`,
  eventDate: (o) => `r.event_date ${o}, r.id ${o}`,
  organizerName: (o) => `r.organizer_name ${o}, r.id ${o}`,
  status: (o) => `${STATUS_RANK_SQL} ${o}, r.id ${o}`,
  // Riyadh has no daylight saving: the deadline's order is the order of (event date, end time).
  collectionDeadline: (o) => `r.event_date ${o}, r.end_time ${o}, r.id ${o}`,
  id: (o) => `r.id ${o}`,
};

export const COLUMNS = `r.id, r.organizer_name AS "organizerName", r.organizer_phone AS "organizerPhone",
  r.organizer_email AS "organizerEmail", r.event_type AS "eventType", to_char(r.event_date, 'YYYY-MM-DD') AS "eventDate",
  r.end_time AS "endTime", r.attendee_count AS "attendeeCount", r.location_type AS "locationType",
  r.full_address AS "fullAddress", r.area, r.district, r.street, r.building_number AS "buildingNumber",
  r.important_place AS "importantPlace", r.landmarks, r.location_phone AS "locationPhone", r.latitude, r.longitude,
  r.food_types AS "foodTypes", r.additional_notes AS "additionalNotes", r.status,
  r.cancellation_reason AS "cancellationReason", r.whatsapp_opt_in AS "whatsappOptIn",
  r.weighed_kg::float8 AS "weighedKg", r.completed_at AS "completedAt", r.created_at AS "createdAt",
  r.volunteer_id AS "volunteerId", vo.name AS "volunteerName", '0' || substr(vo.whatsapp, 5) AS "volunteerPhone",
  ${DEADLINE_SQL} AS "collectionDeadline",
  ar.name AS "areaName", di.name AS "districtName", ip.label AS "importantPlaceLabel", et.label AS "eventTypeLabel",
  ARRAY(SELECT coalesce(f.label, x.v) FROM unnest(r.food_types) WITH ORDINALITY AS x(v, n)
          LEFT JOIN dropdown_options f ON f.type = 'foodType' AND f.value = x.v ORDER BY x.n) AS "foodTypeLabels"`;

/** The labels' tables, joined by their unique keys (one row each at most). */
export const LABEL_JOINS = `LEFT JOIN simple_areas ar ON ar.value = r.area
  LEFT JOIN simple_districts di ON di.value = r.district AND di.area_value = r.area
  LEFT JOIN dropdown_options ip ON ip.type = 'importantPlace' AND ip.value = r.important_place
  LEFT JOIN dropdown_options et ON et.type = 'eventType' AND et.value = r.event_type
  LEFT JOIN volunteers vo ON vo.id = r.volunteer_id`;

export type RawRow = Omit<AdminRequestRow, 'createdAt' | 'completedAt' | 'collectionDeadline' | 'statusLabel' | 'eventTypeLabel'> & {
  eventTypeLabel: string | null;
  createdAt: Date;
  completedAt: Date | null;
  collectionDeadline: Date;
};

export function toRow(raw: RawRow): AdminRequestRow {
  return {
    ...raw,
    statusLabel: requestStatusLabel(raw.status),
    eventTypeLabel: raw.eventTypeLabel ?? eventTypeLabel(raw.eventType),
    createdAt: raw.createdAt.toISOString(),
    completedAt: raw.completedAt ? raw.completedAt.toISOString() : null,
    collectionDeadline: raw.collectionDeadline.toISOString(),
  };
}

/** The admin desk's reads and the archive-on-delete; the only SQL of the desk. */
@Injectable()
export class RequestsAdminRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(
    query: Pick<ListQuery<RequestSortField, RequestFilterField>, 'sort' | 'skip' | 'take'>,
    where: DeskWhere,
  ): Promise<Page<AdminRequestRow>> {
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const whereSql = deskWhereSql(where, param);
    const whereParams = params.length;
    const order = ORDER_SQL[query.sort.field](query.sort.order);
    const rows: RawRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM requests r ${LABEL_JOINS} ${whereSql} ORDER BY ${order} LIMIT ${param(query.take)} OFFSET ${param(query.skip)}`,
      params,
    );
    // The total: from the status counters when only statuses narrow the list (constant time at any
    // size), otherwise counted (a search or a filter narrows it through an index).
    let total: number;
    const { statuses, ...narrowing } = where;
    if (!Object.values(narrowing).some((v) => v !== undefined)) {
      const counts = await this.countByStatus();
      total = statuses?.length ? statuses.reduce((sum, s) => sum + counts[s], 0) : counts.all;
    } else {
      [{ total }] = await this.db.query(`SELECT count(*)::int AS total FROM requests r ${whereSql}`, params.slice(0, whereParams));
    }
    return { rows: rows.map(toRow), total };
  }

  async findOne(id: number): Promise<AdminRequestRow | null> {
    const [raw] = await this.db.query(`SELECT ${COLUMNS} FROM requests r ${LABEL_JOINS} WHERE r.id = $1`, [id]);
    return raw ? toRow(raw) : null;
  }

  /** Counters per status in one statement, from the trigger-kept shards (request_status_counts). */
  async countByStatus(): Promise<Record<RequestStatus, number> & { all: number }> {
    const rows: { status: RequestStatus; n: number }[] = await this.db.query(
      `SELECT status, sum(n)::int AS n FROM request_status_counts GROUP BY status`,
    );
    const counts = Object.fromEntries(REQUEST_STATUSES.map((s) => [s, 0])) as Record<RequestStatus, number>;
    for (const r of rows) counts[r.status] = r.n;
    return { ...counts, all: REQUEST_STATUSES.reduce((sum, s) => sum + counts[s], 0) };
  }

  /** Active requests whose event is on one of these Riyadh dates, by collection deadline. */
  async pickupsOn(dates: string[]): Promise<AdminRequestRow[]> {
    const rows: RawRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM requests r ${LABEL_JOINS}
        WHERE r.event_date = ANY($1::date[]) AND r.status IN ('received', 'reviewing', 'confirmed')
        ORDER BY r.event_date, r.end_time, r.id LIMIT 200`,
      [dates],
    );
    return rows.map(toRow);
  }

  /**
   * Assigns the request to a volunteer (or to none) in the caller's transaction, under the request's lock;
   * answers the previous volunteer's name, or null when there is no such request, or 'no_volunteer' when
   * the volunteer is not there or not active.
   */
  async setVolunteer(
    scope: DbScope,
    id: number,
    volunteerId: number | null,
  ): Promise<
    | { previous: { id: number; name: string } | null; next: { id: number; name: string } | null; status: RequestStatus }
    | 'no_volunteer'
    | null
  > {
    const manager = managerOf(scope);
    const [request] = await manager.query(
      `SELECT r.volunteer_id AS "volunteerId", v.name, r.status FROM requests r LEFT JOIN volunteers v ON v.id = r.volunteer_id
        WHERE r.id = $1 FOR UPDATE OF r`,
      [id],
    );
    if (!request) return null;
    let next: { id: number; name: string } | null = null;
    if (volunteerId !== null) {
      // The volunteer's row is shared-locked: it cannot be deactivated while this assignment commits.
      [next] = await manager.query(`SELECT id, name FROM volunteers WHERE id = $1 AND active FOR SHARE`, [volunteerId]);
      if (!next) return 'no_volunteer';
    }
    if (request.volunteerId !== volunteerId)
      await manager.query(`UPDATE requests SET volunteer_id = $2, updated_at = now() WHERE id = $1`, [id, volunteerId]);
    return {
      previous: request.volunteerId === null ? null : { id: request.volunteerId, name: request.name },
      next,
      status: request.status,
    };
  }

  /**
   * Copies the request into deleted_requests with who and why, then deletes it (its deletion
   * confirmations stay, keeping its number: they have no foreign key since the RequestsDesk migration).
   * Returns false when there was no such request.
   */
  async archiveAndDelete(scope: DbScope, id: number, by: string | null, reason: string | null): Promise<boolean> {
    const manager = managerOf(scope);
    // Every column the archive shares with the request, read from the two entities so they cannot drift.
    const requestColumns = new Set(this.db.getMetadata(RequestEntity).columns.map((c) => c.databaseName));
    const shared = this.db
      .getMetadata(DeletedRequestEntity)
      .columns.map((c) => c.databaseName)
      .filter((c) => c !== 'id' && requestColumns.has(c))
      .map((c) => `"${c}"`)
      .join(', ');
    const rows = await manager.query(
      `WITH gone AS (DELETE FROM requests WHERE id = $1 RETURNING *)
       INSERT INTO deleted_requests (original_id, deleted_by, deletion_reason, ${shared})
       SELECT id, $2, $3, ${shared} FROM gone RETURNING original_id`,
      [id, by, reason],
    );
    return rows.length > 0;
  }
}
