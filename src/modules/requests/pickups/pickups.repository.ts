import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Page } from '../../../common/http/list-query';
import type { PickupRow } from '../../../shared/api/pickups';
import { eventTypeLabel, REQUEST_STATUSES, requestStatusLabel, RequestStatus } from '../../../shared/labels';
import { requestLocation } from '../../../shared/request-location';
import { collectionDeadlineSql } from '../request-times.sql';

export const PICKUP_SORTABLE = ['collectionDeadline'] as const;
export const PICKUP_FILTERABLE = ['date', 'status'] as const;
export type PickupSortField = (typeof PICKUP_SORTABLE)[number];
export type PickupFilterField = (typeof PICKUP_FILTERABLE)[number];

/** The request's columns «جدول الاستلام» shows, with the labels of its stored values resolved in SQL. */
const COLUMNS = `r.id, r.organizer_name AS "organizerName", r.organizer_phone AS "organizerPhone",
  r.event_type AS "eventType", et.label AS "eventTypeLabel", to_char(r.event_date, 'YYYY-MM-DD') AS "eventDate",
  r.end_time AS "endTime", ${collectionDeadlineSql()} AS "collectionDeadline",
  r.attendee_count AS "attendeeCount", r.status, r.important_place AS "importantPlace", ip.label AS "importantPlaceLabel",
  di.name AS "districtName", ar.name AS "areaName", r.full_address AS "fullAddress", r.landmarks,
  r.location_phone AS "locationPhone", r.latitude AS "gpsLatitude", r.longitude AS "gpsLongitude",
  ip.latitude AS "placeLatitude", ip.longitude AS "placeLongitude",
  r.volunteer_id AS "volunteerId", vo.name AS "volunteerName", '0' || substr(vo.whatsapp, 5) AS "volunteerPhone",
  r.additional_notes AS "additionalNotes",
  ARRAY(SELECT coalesce(f.label, x.v) FROM unnest(r.food_types) WITH ORDINALITY AS x(v, n)
          LEFT JOIN dropdown_options f ON f.type = 'foodType' AND f.value = x.v ORDER BY x.n) AS "foodTypeLabels"`;

/** The labels' tables, joined by their unique keys (one row each at most). */
const LABEL_JOINS = `LEFT JOIN simple_areas ar ON ar.value = r.area
  LEFT JOIN simple_districts di ON di.value = r.district AND di.area_value = r.area
  LEFT JOIN dropdown_options ip ON ip.type = 'importantPlace' AND ip.value = r.important_place
  LEFT JOIN dropdown_options et ON et.type = 'eventType' AND et.value = r.event_type
  LEFT JOIN volunteers vo ON vo.id = r.volunteer_id`;

// Riyadh has no daylight saving: (event date, end time) is the deadline's order. IDX_requests_pickups
// (partial: not cancelled) serves it and every count per date below.
const NOT_CANCELLED = `r.status <> 'cancelled'`;

interface RawPickup {
  id: number;
  organizerName: string;
  organizerPhone: string;
  eventType: string;
  eventTypeLabel: string | null;
  eventDate: string;
  endTime: string;
  collectionDeadline: Date;
  attendeeCount: number;
  status: RequestStatus;
  importantPlace: string | null;
  importantPlaceLabel: string | null;
  districtName: string | null;
  areaName: string | null;
  fullAddress: string;
  landmarks: string | null;
  locationPhone: string | null;
  gpsLatitude: number | null;
  gpsLongitude: number | null;
  placeLatitude: number | null;
  placeLongitude: number | null;
  volunteerId: number | null;
  volunteerName: string | null;
  volunteerPhone: string | null;
  additionalNotes: string | null;
  foodTypeLabels: string[];
}

function toPickup(raw: RawPickup): PickupRow {
  const gps = raw.gpsLatitude !== null && raw.gpsLongitude !== null;
  const place = !gps && raw.placeLatitude !== null && raw.placeLongitude !== null;
  return {
    id: raw.id,
    organizerName: raw.organizerName,
    organizerPhone: raw.organizerPhone,
    eventTypeLabel: raw.eventTypeLabel ?? eventTypeLabel(raw.eventType),
    eventDate: raw.eventDate,
    endTime: raw.endTime,
    collectionDeadline: raw.collectionDeadline.toISOString(),
    attendeeCount: raw.attendeeCount,
    foodTypeLabels: raw.foodTypeLabels,
    status: raw.status,
    statusLabel: requestStatusLabel(raw.status),
    ...requestLocation(raw),
    landmarks: raw.landmarks,
    locationPhone: raw.locationPhone,
    latitude: gps ? raw.gpsLatitude : place ? raw.placeLatitude : null,
    longitude: gps ? raw.gpsLongitude : place ? raw.placeLongitude : null,
    coordinatesFrom: gps ? 'gps' : place ? 'place' : null,
    volunteerId: raw.volunteerId,
    volunteerName: raw.volunteerName,
    volunteerPhone: raw.volunteerPhone,
    additionalNotes: raw.additionalNotes,
  };
}

/** «جدول الاستلام»'s reads (a read model over requests and their labels) and the capacity's writes. */
@Injectable()
export class PickupsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** One date's pickups (not cancelled), by collection deadline; `statuses` narrows them further. */
  async onDate(
    date: string,
    page: { skip: number; take: number; order: 'ASC' | 'DESC' },
    statuses?: RequestStatus[],
  ): Promise<Page<PickupRow>> {
    const params: unknown[] = [date];
    let where = `r.event_date = $1 AND ${NOT_CANCELLED}`;
    if (statuses?.length) where += ` AND r.status = ANY($${params.push(statuses)}::varchar[])`;
    const o = page.order;
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `SELECT ${COLUMNS} FROM requests r ${LABEL_JOINS} WHERE ${where}
          ORDER BY r.event_date ${o}, r.end_time ${o}, r.id ${o} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, page.take, page.skip],
      ) as Promise<RawPickup[]>,
      this.db.query(`SELECT count(*)::int AS total FROM requests r WHERE ${where}`, params) as Promise<{ total: number }[]>,
    ]);
    return { rows: rows.map(toPickup), total };
  }

  /** The pickups of a few dates at once (the dashboard's today and tomorrow), at most `limit`. */
  async onDates(dates: string[], limit: number): Promise<PickupRow[]> {
    const rows = (await this.db.query(
      `SELECT ${COLUMNS} FROM requests r ${LABEL_JOINS} WHERE r.event_date = ANY($1::date[]) AND ${NOT_CANCELLED}
        ORDER BY r.event_date, r.end_time, r.id LIMIT $2`,
      [dates, limit],
    )) as RawPickup[];
    return rows.map(toPickup);
  }

  /** Pickups (not cancelled) per date from `from` to `to`; dates without any are absent. */
  async countsByDate(from: string, to: string): Promise<Map<string, number>> {
    const rows = (await this.db.query(
      `SELECT to_char(r.event_date, 'YYYY-MM-DD') AS date, count(*)::int AS n FROM requests r
        WHERE r.event_date BETWEEN $1::date AND $2::date AND ${NOT_CANCELLED} GROUP BY r.event_date`,
      [from, to],
    )) as { date: string; n: number }[];
    return new Map(rows.map((r) => [r.date, r.n]));
  }

  /** Counters per status, from the trigger-kept shards (request_status_counts). */
  async countByStatus(): Promise<Record<RequestStatus, number> & { all: number }> {
    const rows = (await this.db.query(`SELECT status, sum(n)::int AS n FROM request_status_counts GROUP BY status`)) as {
      status: RequestStatus;
      n: number;
    }[];
    const counts = Object.fromEntries(REQUEST_STATUSES.map((s) => [s, 0])) as Record<RequestStatus, number>;
    for (const r of rows) counts[r.status] = r.n;
    return { ...counts, all: REQUEST_STATUSES.reduce((sum, s) => sum + counts[s], 0) };
  }
}
