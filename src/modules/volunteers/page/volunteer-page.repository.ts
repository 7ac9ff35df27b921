import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { managerOf, type DbScope } from '../../../database/db-scope';
import type { RequestStatus } from '../../../shared/labels';
import type { CollectionChecks, NotCollectedReason } from '../../../shared/volunteer';
import { collectionDeadlineSql } from '../../requests/request-times.sql';

/** The volunteer a link opens (an active one only). */
export interface LinkedVolunteer {
  id: number;
  name: string;
}

/** One assigned request as the volunteer's page reads it, with the labels of its stored values. */
export interface VolunteerPickupRow {
  id: number;
  status: RequestStatus;
  eventType: string;
  eventTypeLabel: string | null;
  eventDate: string;
  endTime: string;
  deadline: Date;
  importantPlace: string | null;
  importantPlaceLabel: string | null;
  districtName: string | null;
  areaName: string | null;
  fullAddress: string;
  landmarks: string | null;
  latitude: number | null;
  longitude: number | null;
  attendeeCount: number;
  foodTypeLabels: string[];
  organizerName: string;
  organizerPhone: string;
  additionalNotes: string | null;
  onTheWayAt: Date | null;
  collectedAt: Date | null;
  weighedKg: number | null;
  notCollectedReason: NotCollectedReason | null;
}

/** What the volunteer did with one pickup (volunteer_pickups), as it stands. */
export interface PickupProgress {
  volunteerId: number;
  onTheWayAt: Date | null;
  collectedAt: Date | null;
  notCollectedAt: Date | null;
}

const PICKUPS = `
  SELECT r.id, r.status, r.event_type AS "eventType", et.label AS "eventTypeLabel", to_char(r.event_date, 'YYYY-MM-DD') AS "eventDate",
         r.end_time AS "endTime", ${collectionDeadlineSql()} AS deadline, r.important_place AS "importantPlace",
         ip.label AS "importantPlaceLabel", di.name AS "districtName", ar.name AS "areaName", r.full_address AS "fullAddress",
         r.landmarks, coalesce(r.latitude, ip.latitude) AS latitude, CASE WHEN r.latitude IS NULL THEN ip.longitude ELSE r.longitude END AS longitude,
         r.attendee_count AS "attendeeCount",
         ARRAY(SELECT coalesce(f.label, x.v) FROM unnest(r.food_types) WITH ORDINALITY AS x(v, n)
                 LEFT JOIN dropdown_options f ON f.type = 'foodType' AND f.value = x.v ORDER BY x.n) AS "foodTypeLabels",
         r.organizer_name AS "organizerName", r.organizer_phone AS "organizerPhone", r.additional_notes AS "additionalNotes",
         vp.on_the_way_at AS "onTheWayAt", vp.collected_at AS "collectedAt", vp.weighed_kg::float8 AS "weighedKg",
         vp.not_collected_reason AS "notCollectedReason"
    FROM requests r
    LEFT JOIN volunteer_pickups vp ON vp.request_id = r.id AND vp.volunteer_id = r.volunteer_id
    LEFT JOIN simple_areas ar ON ar.value = r.area
    LEFT JOIN simple_districts di ON di.value = r.district AND di.area_value = r.area
    LEFT JOIN dropdown_options ip ON ip.type = 'importantPlace' AND ip.value = r.important_place
    LEFT JOIN dropdown_options et ON et.type = 'eventType' AND et.value = r.event_type`;

/** The volunteer's page: who a link opens, their pickups, and what they did with each (volunteer_pickups). */
@Injectable()
export class VolunteerPageRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The active volunteer whose link has this hash (UQ_volunteers_link_hash), or null. */
  async byLinkHash(hash: string): Promise<LinkedVolunteer | null> {
    const [row] = await this.db.query(`SELECT id, name FROM volunteers WHERE link_hash = $1 AND active`, [hash]);
    return row ?? null;
  }

  /** Their assigned requests from `fromDate` on, by collection deadline (IDX_requests_volunteer_id), and the charity's phone. */
  async pickups(volunteerId: number, fromDate: string, scope?: DbScope): Promise<VolunteerPickupRow[]> {
    const manager = scope ? managerOf(scope) : this.db.manager;
    return manager.query(`${PICKUPS} WHERE r.volunteer_id = $1 AND r.event_date >= $2::date ORDER BY deadline, r.id`, [
      volunteerId,
      fromDate,
    ]);
  }

  async pickup(requestId: number, scope: DbScope): Promise<VolunteerPickupRow> {
    const [row] = await managerOf(scope).query(`${PICKUPS} WHERE r.id = $1`, [requestId]);
    return row;
  }

  async charityPhone(): Promise<string | null> {
    const [row] = await this.db.query(`SELECT nullif(btrim(value), '') AS phone FROM content_settings WHERE key = 'contact_phone'`);
    return row?.phone ?? null;
  }

  /** The pickup's progress row under a lock, made empty for this volunteer when there is none yet. */
  async lockProgress(scope: DbScope, requestId: number, volunteerId: number): Promise<PickupProgress> {
    const manager = managerOf(scope);
    await manager.query(
      // Re-assigned before anything was collected: the new volunteer starts afresh.
      `INSERT INTO volunteer_pickups (request_id, volunteer_id) VALUES ($1, $2)
       ON CONFLICT (request_id) DO UPDATE SET volunteer_id = EXCLUDED.volunteer_id, on_the_way_at = NULL,
              not_collected_at = NULL, not_collected_reason = NULL, note = NULL, updated_at = now()
         WHERE volunteer_pickups.volunteer_id <> EXCLUDED.volunteer_id AND volunteer_pickups.collected_at IS NULL`,
      [requestId, volunteerId],
    );
    const [row] = await manager.query(
      `SELECT volunteer_id AS "volunteerId", on_the_way_at AS "onTheWayAt", collected_at AS "collectedAt", not_collected_at AS "notCollectedAt"
         FROM volunteer_pickups WHERE request_id = $1 FOR UPDATE`,
      [requestId],
    );
    return row;
  }

  async setOnTheWay(scope: DbScope, requestId: number, volunteerId: number, at: Date): Promise<void> {
    await managerOf(scope).query(
      `UPDATE volunteer_pickups SET volunteer_id = $2, on_the_way_at = $3, updated_at = now() WHERE request_id = $1`,
      [requestId, volunteerId, at],
    );
  }

  async setCollected(
    scope: DbScope,
    requestId: number,
    volunteerId: number,
    at: Date,
    weighedKg: number,
    checks: CollectionChecks,
  ): Promise<void> {
    await managerOf(scope).query(
      `UPDATE volunteer_pickups SET volunteer_id = $2, collected_at = $3, on_the_way_at = coalesce(on_the_way_at, $3),
              weighed_kg = $4, checks = $5, updated_at = now() WHERE request_id = $1`,
      [requestId, volunteerId, at, weighedKg, JSON.stringify(checks)],
    );
  }

  async setNotCollected(
    scope: DbScope,
    requestId: number,
    volunteerId: number,
    at: Date,
    reason: NotCollectedReason,
    note: string | null,
  ): Promise<void> {
    await managerOf(scope).query(
      `UPDATE volunteer_pickups SET volunteer_id = $2, not_collected_at = $3, not_collected_reason = $4, note = $5, updated_at = now()
        WHERE request_id = $1`,
      [requestId, volunteerId, at, reason, note],
    );
  }
}
