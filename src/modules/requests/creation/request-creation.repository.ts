import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { FastInsert } from '../../../database/fast-insert';
import { preparedQuery } from '../../../database/prepared';
import { ACTIVE_STATUSES } from '../../../shared/labels';
import type { requestLookupKeys, RequestOptionLookup, ValidRequest } from '../../../shared/request-rules';
import { SETTING_KEYS } from '../../system/system-settings.service';
import { RequestEntity } from '../entities/request.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

/** The request row's INSERT, compiled once from the entity (this is the public form's hot path). */
const insertRequest = new FastInsert(RequestEntity);

/** Namespace of the per-phone advisory lock (two-key form: its own key space). */
const REQUEST_LOCK_NAMESPACE = 7301;

/** dropdown_options.type of the lists the form names (content's list types, as the desk's read model writes them). */
const OPTION_TYPES = { eventType: 'eventType', importantPlace: 'importantPlace' } as const;

const LOCK_PHONE = 'SELECT pg_advisory_xact_lock($1, hashtext($2))';

/** Namespace of the per-date lock of the daily capacity; the key is the date's day number (no collisions). */
const PICKUP_DATE_LOCK_NAMESPACE = 7302;
const LOCK_DATE = `SELECT pg_advisory_xact_lock($1, $2::date - DATE '2000-01-01')`;
// Served by the partial index IDX_requests_pickups.
const DAY_COUNT = `SELECT count(*)::int AS n FROM requests WHERE event_date = $1 AND status <> 'cancelled'`;
const NEXT_FREE_DATE = `SELECT to_char(d, 'YYYY-MM-DD') AS date FROM generate_series($1::date + 1, $2::date, interval '1 day') AS d
  WHERE (SELECT count(*) FROM requests WHERE event_date = d::date AND status <> 'cancelled') < $3 ORDER BY d LIMIT 1`;

// One pass over the phone's active requests, by the phone index only: no condition on the date, so no
// plan can walk the day's active requests instead (with statistics missing — autovacuum off, a restore
// not yet analysed — PostgreSQL chose the partial deadline index and scanned a whole date for every new
// request). A host has a handful of requests; this reads just those.
const DUPLICATE_AND_ACTIVE = `SELECT min(id) FILTER (WHERE event_type = $2 AND event_date = $3) AS "duplicateId", count(*)::int AS "activeCount"
  FROM requests WHERE organizer_phone = $1 AND status = ANY($4)`;

/** The request fields the duplicate and active-limit rules read. */
export type RequestIdentity = Pick<ValidRequest, 'organizerPhone' | 'eventType' | 'eventDate'>;

// Content's, locations' and system's tables in one read: an intentional departure for the hot path
// (ARCHITECTURE.md §4a), rather than a round trip per owning module.
const CONTEXT = `SELECT (SELECT label FROM dropdown_options WHERE type = $1 AND value = $2 AND is_active) AS event_type_label,
              (SELECT name FROM simple_areas WHERE value = $3 AND is_active) AS area_name,
              (SELECT name FROM simple_districts WHERE value = $4 AND area_value = $3 AND is_active) AS district_name,
              (SELECT label FROM dropdown_options WHERE type = $5 AND value = $6 AND is_active) AS place_label,
              (SELECT value FROM system_settings WHERE key = $7) AS site_blocked,
              (SELECT value FROM system_settings WHERE key = $8) AS admin_numbers,
              (SELECT value FROM system_settings WHERE key = $9) AS pickup_capacity`;

export interface RequestContext {
  options: RequestOptionLookup;
  siteBlocked: string | null;
  adminNumbers: string | null;
  /** The daily capacity setting as stored (read here so the form pays nothing extra when none is set). */
  pickupCapacity: string | null;
}

/** A new request's reads and writes, whatever its source; every statement is prepared (the public form's hot path). */
@Injectable()
export class RequestCreationRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Serialises this phone's requests until the transaction ends. */
  async lockPhone(scope: DbScope, organizerPhone: string): Promise<void> {
    const manager = managerOf(scope);
    await preparedQuery(manager, LOCK_PHONE, [REQUEST_LOCK_NAMESPACE, organizerPhone]);
  }

  /**
   * Serialises the requests of one event date until the transaction ends (only while a capacity is
   * set). Always taken after the phone's lock, never before, so two requests cannot wait on each other.
   */
  async lockDate(scope: DbScope, eventDate: string): Promise<void> {
    const manager = managerOf(scope);
    await preparedQuery(manager, LOCK_DATE, [PICKUP_DATE_LOCK_NAMESPACE, eventDate]);
  }

  /** The date's requests that are not cancelled (a new statement: it sees every commit before the lock). */
  async dayCount(scope: DbScope, eventDate: string): Promise<number> {
    const manager = managerOf(scope);
    const [row] = await preparedQuery<{ n: number }>(manager, DAY_COUNT, [eventDate]);
    return row.n;
  }

  /** The first date after `after`, up to `until`, with fewer than `capacity` pickups; null when none. */
  async nextFreeDate(scope: DbScope, after: string, until: string, capacity: number): Promise<string | null> {
    const manager = managerOf(scope);
    const rows = (await manager.query(NEXT_FREE_DATE, [after, until, capacity])) as { date: string }[];
    return rows[0]?.date ?? null;
  }

  /** The first active request of the same phone, event type and date, and the phone's active count. */
  async duplicateAndActive(scope: DbScope, request: RequestIdentity): Promise<{ duplicateId: number | null; activeCount: number }> {
    const manager = managerOf(scope);
    const [row] = await preparedQuery<{ duplicateId: number | null; activeCount: number }>(manager, DUPLICATE_AND_ACTIVE, [
      request.organizerPhone,
      request.eventType,
      request.eventDate,
      ACTIVE_STATUSES,
    ]);
    return { duplicateId: row.duplicateId === null ? null : Number(row.duplicateId), activeCount: row.activeCount };
  }

  /** Inserts the request; answers its id. */
  async insert(scope: DbScope, values: Record<string, unknown>): Promise<number> {
    const manager = managerOf(scope);
    const [inserted] = await insertRequest.run(manager, values);
    return Number(inserted.id);
  }

  /**
   * The active options the payload names (value → label/name) and the two settings the call needs, in
   * one query; their meaning stays with their owners (assertSiteOpen, AdminNumbersService.fromSetting).
   */
  async context(keys: ReturnType<typeof requestLookupKeys>): Promise<RequestContext> {
    const [row] = await preparedQuery<{
      event_type_label: string | null;
      area_name: string | null;
      district_name: string | null;
      place_label: string | null;
      site_blocked: string | null;
      admin_numbers: string | null;
      pickup_capacity: string | null;
    }>(this.db, CONTEXT, [
      OPTION_TYPES.eventType,
      keys.eventType,
      keys.area,
      keys.district,
      OPTION_TYPES.importantPlace,
      keys.importantPlace,
      SETTING_KEYS.siteBlocked,
      SETTING_KEYS.adminWhatsappNumbers,
      SETTING_KEYS.pickupMaxPerDay,
    ]);
    return {
      options: {
        eventTypes: row.event_type_label !== null ? { [keys.eventType]: row.event_type_label } : {},
        areas: row.area_name !== null ? { [keys.area]: row.area_name } : {},
        districts: row.district_name !== null ? { [keys.area]: { [keys.district]: row.district_name } } : {},
        importantPlaces: row.place_label !== null ? { [keys.importantPlace]: row.place_label } : {},
      },
      siteBlocked: row.site_blocked,
      adminNumbers: row.admin_numbers,
      pickupCapacity: row.pickup_capacity,
    };
  }
}
