import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { StatisticsPeriod } from '../../../shared/labels';
import { StatisticEntity } from '../entities/statistic.entity';
import { FoodRule, foodRuleParams, requestKgSql } from '../food/food-calculation.repository';
import { managerOf, scopeOf, type DbScope } from '../../../database/db-scope';

/** One group of a period's requests: status × event type, with its kilograms (completed only). */
export interface PeriodGroup {
  status: string;
  eventType: string;
  count: number;
  estimatedKg: number;
  weighedKg: number;
  weighedRequests: number;
}

/** One stored metric of a period. */
export interface StoredMetric {
  metric: string;
  value: unknown;
  createdAt: Date;
}

/** A request as the Excel export lists it. */
export interface ExportRow {
  id: number;
  createdAt: Date;
  organizerName: string;
  organizerPhone: string;
  eventType: string;
  eventTypeLabel: string | null;
  eventDate: string;
  attendeeCount: number;
  status: string;
  areaName: string | null;
  districtName: string | null;
  estimatedKg: number | null;
  weighedKg: number | null;
}

const NIGHTLY_LOCK = 'statistics:nightly';

/** statistics (stored figures) and the period aggregates over requests. */
@Injectable()
export class StatisticsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The period's requests grouped by status and event type in one statement; `from`/`to` are the
   * Riyadh-midnight instants (IDX_requests_created_at serves the range), none for all time.
   */
  async groups(range: { from: Date; to: Date } | null, rule: FoodRule, managerScope?: DbScope): Promise<PeriodGroup[]> {
    const manager = managerScope ? managerOf(managerScope) : this.db.manager;
    const where = range ? 'WHERE r.created_at >= $4 AND r.created_at < $5' : '';
    const params: unknown[] = [...foodRuleParams(rule), ...(range ? [range.from, range.to] : [])];
    const rows = (await manager.query(
      `SELECT r.status, r.event_type AS "eventType", count(*)::int AS count,
              coalesce(sum(${requestKgSql('r', 1, 2, 3)}) FILTER (WHERE r.status = 'completed' AND r.weighed_kg IS NULL), 0)::float8 AS "estimatedKg",
              coalesce(sum(r.weighed_kg) FILTER (WHERE r.status = 'completed'), 0)::float8 AS "weighedKg",
              (count(*) FILTER (WHERE r.status = 'completed' AND r.weighed_kg IS NOT NULL))::int AS "weighedRequests"
         FROM requests r ${where}
        GROUP BY r.status, r.event_type`,
      params,
    )) as PeriodGroup[];
    return rows.map((row) => ({ ...row, estimatedKg: Number(row.estimatedKg), weighedKg: Number(row.weighedKg) }));
  }

  /** Requests and kilograms (completed) per Riyadh month of arrival within the range, oldest first. */
  /**
   * Completed requests and their kilograms per calendar-date range of their event (the pickup's day),
   * one statement for every range (IDX_requests_event_date serves the span).
   */
  async completedByEventDate(ranges: { from: string; to: string }[], rule: FoodRule): Promise<{ completed: number; kg: number }[]> {
    if (!ranges.length) return [];
    const params: unknown[] = [...foodRuleParams(rule)];
    const at = (value: string) => `$${params.push(value)}::date`;
    const columns = ranges.map((r, i) => {
      const within = `r.event_date BETWEEN ${at(r.from)} AND ${at(r.to)}`;
      return `count(*) FILTER (WHERE ${within})::int AS c${i}, coalesce(sum(${requestKgSql('r', 1, 2, 3)}) FILTER (WHERE ${within}), 0)::float8 AS k${i}`;
    });
    const from = ranges.map((r) => r.from).sort()[0];
    const to = ranges.map((r) => r.to).sort()[ranges.length - 1];
    const [row] = (await this.db.query(
      `SELECT ${columns.join(', ')} FROM requests r WHERE r.status = 'completed' AND r.event_date BETWEEN ${at(from)} AND ${at(to)}`,
      params,
    )) as Record<string, number>[];
    return ranges.map((_, i) => ({ completed: Number(row[`c${i}`]), kg: Number(row[`k${i}`]) }));
  }

  async monthly(range: { from: Date; to: Date }, rule: FoodRule): Promise<{ month: string; requests: number; foodSaved: number }[]> {
    const rows = (await this.db.query(
      `SELECT to_char(r.created_at AT TIME ZONE 'Asia/Riyadh', 'YYYY-MM') AS month, count(*)::int AS requests,
              coalesce(sum(${requestKgSql('r', 1, 2, 3)}) FILTER (WHERE r.status = 'completed'), 0)::float8 AS "foodSaved"
         FROM requests r WHERE r.created_at >= $4 AND r.created_at < $5
        GROUP BY 1 ORDER BY 1`,
      [...foodRuleParams(rule), range.from, range.to],
    )) as { month: string; requests: number; foodSaved: number }[];
    return rows.map((row) => ({ ...row, foodSaved: Math.round(Number(row.foodSaved) * 100) / 100 }));
  }

  /** Arabic labels of event types as the administrators named them (dropdown options). */
  async eventTypeLabels(): Promise<Map<string, string>> {
    const rows = (await this.db.query(`SELECT value, label FROM dropdown_options WHERE type = 'eventType'`)) as {
      value: string;
      label: string;
    }[];
    return new Map(rows.map((row) => [row.value, row.label]));
  }

  /** Replaces a period's stored metrics (delete + insert in the caller's transaction). */
  async replace(
    managerScope: DbScope,
    period: StatisticsPeriod,
    date: string | null,
    metrics: Record<string, unknown>,
    at: Date,
  ): Promise<void> {
    const manager = managerOf(managerScope);
    // One generation of a period at a time, so two never interleave their rows.
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`statistics:${period}:${date ?? 'all'}`]);
    await manager.query(`DELETE FROM statistics WHERE period = $1 AND date IS NOT DISTINCT FROM $2::date`, [period, date]);
    const entries = Object.entries(metrics);
    await manager
      .createQueryBuilder()
      .insert()
      .into(StatisticEntity)
      .values(entries.map(([metric, value]) => ({ metric, value: value as object, period, date, createdAt: at })))
      .execute();
  }

  /** A period's stored metrics (IDX_statistics_period_date). */
  async read(period: StatisticsPeriod, date: string | null): Promise<StoredMetric[]> {
    return (await this.db.query(
      `SELECT metric, value, created_at AS "createdAt" FROM statistics WHERE period = $1 AND date IS NOT DISTINCT FROM $2::date`,
      [period, date],
    )) as StoredMetric[];
  }

  /** Drops every stored figure (after the food calculation changes): the next read computes afresh. */
  async clear(managerScope?: DbScope): Promise<void> {
    const manager = managerScope ? managerOf(managerScope) : this.db.manager;
    await manager.query(`DELETE FROM statistics WHERE metric <> 'nightly_run'`);
  }

  /**
   * Runs the nightly generation once per night across processes: a transaction-level advisory lock
   * serialises the runners and a `nightly_run` row for the night tells the later ones it was done.
   * Returns false when another process already did it.
   */
  async onceForNight(night: string, work: (scope: DbScope) => Promise<void>, at: Date): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [NIGHTLY_LOCK]);
      const done = (await manager.query(`SELECT 1 FROM statistics WHERE metric = 'nightly_run' AND period = 'daily' AND date = $1::date`, [
        night,
      ])) as unknown[];
      if (done.length) return false;
      await work(scopeOf(manager));
      await manager
        .createQueryBuilder()
        .insert()
        .into(StatisticEntity)
        .values({ metric: 'nightly_run', value: { at: at.toISOString() }, period: 'daily', date: night, createdAt: at })
        .execute();
      return true;
    });
  }

  /**
   * The period's requests for the export, oldest first, in pages by keyset on (created_at, id)
   * (IDX_requests_created_at), so a hundred thousand rows never sit in memory at once.
   */
  async *exportRows(range: { from: Date; to: Date } | null, rule: FoodRule, pageSize = 2000): AsyncGenerator<ExportRow[]> {
    // The cursor keeps created_at as PostgreSQL's text (microseconds); a JS Date would round them away.
    let after: { cursorAt: string; id: number } | null = null;
    for (;;) {
      const params: unknown[] = [
        ...foodRuleParams(rule),
        range?.from ?? null,
        range?.to ?? null,
        after?.cursorAt ?? null,
        after?.id ?? 0,
        pageSize,
      ];
      const rows = (await this.db.query(
        `SELECT r.id, r.created_at AS "createdAt", r.organizer_name AS "organizerName", r.organizer_phone AS "organizerPhone",
                r.event_type AS "eventType", et.label AS "eventTypeLabel", to_char(r.event_date, 'YYYY-MM-DD') AS "eventDate",
                r.attendee_count AS "attendeeCount", r.status, ar.name AS "areaName", di.name AS "districtName",
                CASE WHEN r.status = 'completed' AND r.weighed_kg IS NULL THEN ${requestKgSql('r', 1, 2, 3)} END::float8 AS "estimatedKg",
                r.weighed_kg::float8 AS "weighedKg", r.created_at::text AS "cursorAt"
           FROM requests r
           LEFT JOIN simple_areas ar ON ar.value = r.area
           LEFT JOIN simple_districts di ON di.value = r.district AND di.area_value = r.area
           LEFT JOIN dropdown_options et ON et.type = 'eventType' AND et.value = r.event_type
          WHERE ($4::timestamptz IS NULL OR r.created_at >= $4) AND ($5::timestamptz IS NULL OR r.created_at < $5)
            AND ($6::timestamptz IS NULL OR (r.created_at, r.id) > ($6, $7::int))
          ORDER BY r.created_at, r.id
          LIMIT $8`,
        params,
      )) as (ExportRow & { cursorAt: string })[];
      if (!rows.length) return;
      yield rows;
      if (rows.length < pageSize) return;
      const last = rows[rows.length - 1];
      after = { cursorAt: last.cursorAt, id: last.id };
    }
  }
}
