import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Page } from '../../common/http/list-query';
import { managerOf, type DbScope } from '../../database/db-scope';
import { rowsOf } from '../../database/query-rows';
import type { VolunteerFields } from '../../shared/volunteer';
import type { VolunteerRow } from '../../shared/api/volunteers';

export type VolunteerSort = 'name' | 'createdAt' | 'active';

export interface VolunteerSearch {
  /** Part of the name, or digits of the WhatsApp number. */
  text?: string;
  digits?: string;
  active?: boolean;
  /** Serves this area (a volunteer with no areas serves every area). */
  area?: string;
  ids?: number[];
}

/** The month's window the figures count in: [from, to) as instants (a Riyadh month). */
export interface MonthWindow {
  from: Date;
  to: Date;
}

const SORT_COLUMNS: Readonly<Record<VolunteerSort, string>> = { name: 'v.name', createdAt: 'v.created_at', active: 'v.active' };

// One row per volunteer with the names of their areas, whether their opt-in stands, and their
// figures: the month's completed pickups and weighed kilograms, and every request ever assigned
// (the archive's too) — each a lateral read on IDX_requests_volunteer_id, per row of the page only.
const rowSql = (from: string, to: string, source = 'volunteers') => `
  SELECT v.id, v.name, v.whatsapp, v.areas, v.vehicle, v.notes, v.active, v.created_at AS "createdAt", v.updated_at AS "updatedAt",
         coalesce((SELECT array_agg(coalesce(a.name, x.value) ORDER BY x.n)
                     FROM unnest(v.areas) WITH ORDINALITY AS x(value, n) LEFT JOIN simple_areas a ON a.value = x.value), '{}') AS "areaNames",
         coalesce(o.opt_in_status, false) AS "optedIn",
         m.pickups, m.kg, h.total AS "pickupsTotal"
    FROM ${source} v
    LEFT JOIN whatsapp_opt_ins o ON o.phone_number = v.whatsapp
    CROSS JOIN LATERAL (
      SELECT count(*)::int AS pickups, coalesce(sum(r.weighed_kg), 0)::float8 AS kg
        FROM requests r
       WHERE r.volunteer_id = v.id AND r.status = 'completed' AND r.completed_at >= ${from} AND r.completed_at < ${to}) m
    CROSS JOIN LATERAL (
      SELECT (SELECT count(*) FROM requests r WHERE r.volunteer_id = v.id)::int
           + (SELECT count(*) FROM deleted_requests d WHERE d.volunteer_id = v.id)::int AS total) h`;

interface RawRow extends Omit<VolunteerRow, 'month' | 'createdAt' | 'updatedAt'> {
  createdAt: Date;
  updatedAt: Date;
  pickups: number;
  kg: number;
}

function toRow(raw: RawRow): VolunteerRow {
  const { pickups, kg, createdAt, updatedAt, ...rest } = raw;
  return { ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString(), month: { pickups, kg } };
}

/** volunteers, with their figures read from the requests assigned to them. */
@Injectable()
export class VolunteersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The admin's page on react-admin's list convention, with the total of the filtered list. */
  async page(
    search: VolunteerSearch,
    sort: { field: VolunteerSort; order: 'ASC' | 'DESC' },
    skip: number,
    take: number,
    month: MonthWindow,
  ): Promise<Page<VolunteerRow>> {
    const params: unknown[] = [];
    const param = (value: unknown) => (params.push(value), `$${params.length}`);
    const where: string[] = [];
    const ors: string[] = [];
    if (search.text) ors.push(`v.name ILIKE ${param(`%${search.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
    if (search.digits) ors.push(`v.whatsapp LIKE ${param(`%${search.digits}%`)}`);
    if (ors.length) where.push(`(${ors.join(' OR ')})`);
    if (search.active !== undefined) where.push(`v.active = ${param(search.active)}`);
    if (search.area) where.push(`(v.areas = '{}' OR ${param(search.area)} = ANY(v.areas))`);
    if (search.ids) where.push(`v.id = ANY(${param(search.ids)}::int[])`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = await this.db.query(`SELECT count(*)::int AS total FROM volunteers v ${filter}`, params);
    const order = `${SORT_COLUMNS[sort.field]} ${sort.order}, v.id ${sort.order}`;
    const [from, to] = [param(month.from), param(month.to)];
    // The figures are read for the page's rows only.
    const rows: RawRow[] = await this.db.query(
      `WITH page AS (SELECT v.* FROM volunteers v ${filter} ORDER BY ${order} OFFSET ${skip} LIMIT ${take})
       ${rowSql(from, to, 'page')} ORDER BY ${order}`,
      params,
    );
    return { rows: rows.map(toRow), total };
  }

  async find(id: number, month: MonthWindow, scope?: DbScope): Promise<VolunteerRow | null> {
    const manager = scope ? managerOf(scope) : this.db.manager;
    const [row]: RawRow[] = await manager.query(`${rowSql('$1', '$2')} WHERE v.id = $3`, [month.from, month.to, id]);
    return row ? toRow(row) : null;
  }

  /** The values a volunteer's areas may take (every area of simple_areas, a paused one too). */
  async areaValues(): Promise<string[]> {
    const rows: { value: string }[] = await this.db.query(`SELECT value FROM simple_areas`);
    return rows.map((r) => r.value);
  }

  /** Adds one with their page's link; null when the WhatsApp number is already a volunteer's (UQ_volunteers_whatsapp). */
  async insert(scope: DbScope, fields: VolunteerFields, link: { linkSalt: string; linkHash: string }): Promise<number | null> {
    const rows = rowsOf<{ id: number }>(
      await managerOf(scope).query(
        `INSERT INTO volunteers (name, whatsapp, areas, vehicle, notes, active, link_salt, link_hash, link_issued_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now())
         ON CONFLICT (whatsapp) DO NOTHING RETURNING id`,
        [fields.name, fields.whatsapp, fields.areas, fields.vehicle, fields.notes, fields.active, link.linkSalt, link.linkHash],
      ),
    );
    return rows[0]?.id ?? null;
  }

  /**
   * Changes the given fields under the row's lock; answers the stored fields before the change, or
   * 'missing', or 'whatsapp_taken' when the new number is another volunteer's.
   */
  async update(scope: DbScope, id: number, changes: Partial<VolunteerFields>): Promise<VolunteerFields | 'missing' | 'whatsapp_taken'> {
    const manager = managerOf(scope);
    const [before]: VolunteerFields[] = await manager.query(
      `SELECT name, whatsapp, areas, vehicle, notes, active FROM volunteers WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!before) return 'missing';
    const columns = Object.keys(changes) as (keyof VolunteerFields)[];
    if (!columns.length) return before;
    if (changes.whatsapp && changes.whatsapp !== before.whatsapp) {
      const [taken] = await manager.query(`SELECT 1 FROM volunteers WHERE whatsapp = $1 AND id <> $2`, [changes.whatsapp, id]);
      if (taken) return 'whatsapp_taken';
    }
    const sets = columns.map((column, i) => `"${column}" = $${i + 2}`);
    await manager.query(`UPDATE volunteers SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [
      id,
      ...columns.map((column) => changes[column]),
    ]);
    return before;
  }

  /**
   * A new link for the volunteer under their row's lock: their old one dies with its hash. Answers who
   * to send it to, or null when there is no such volunteer.
   */
  async replaceLink(
    scope: DbScope,
    id: number,
    link: { linkSalt: string; linkHash: string },
    at: Date,
  ): Promise<{ name: string; whatsapp: string; active: boolean } | null> {
    const [row] = rowsOf<{ name: string; whatsapp: string; active: boolean }>(
      await managerOf(scope).query(
        `UPDATE volunteers SET link_salt = $2, link_hash = $3, link_issued_at = $4, updated_at = now() WHERE id = $1
         RETURNING name, whatsapp, active`,
        [id, link.linkSalt, link.linkHash, at],
      ),
    );
    return row ?? null;
  }

  /** Who to message, and the salt of their page link (null for a volunteer from before links existed). */
  async contactOf(scope: DbScope, id: number): Promise<{ name: string; whatsapp: string; linkSalt: string | null } | null> {
    const [row] = await managerOf(scope).query(`SELECT name, whatsapp, link_salt AS "linkSalt" FROM volunteers WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** Gives a volunteer without a link their first one (never replaces one: that is «رابط جديد»). */
  async storeLink(scope: DbScope, id: number, link: { linkSalt: string; linkHash: string }): Promise<void> {
    await managerOf(scope).query(
      `UPDATE volunteers SET link_salt = $2, link_hash = $3, link_issued_at = now() WHERE id = $1 AND link_salt IS NULL`,
      [id, link.linkSalt, link.linkHash],
    );
  }

  /** Deletes one that no request (nor archived request) names; 'missing', 'has_history' or the deleted fields. */
  async delete(scope: DbScope, id: number): Promise<VolunteerFields | 'missing' | 'has_history'> {
    const manager = managerOf(scope);
    const [row]: VolunteerFields[] = await manager.query(
      `SELECT name, whatsapp, areas, vehicle, notes, active FROM volunteers WHERE id = $1 FOR UPDATE`,
      [id],
    );
    if (!row) return 'missing';
    const [history] = await manager.query(
      `SELECT 1 FROM requests WHERE volunteer_id = $1 UNION ALL SELECT 1 FROM deleted_requests WHERE volunteer_id = $1 LIMIT 1`,
      [id],
    );
    if (history) return 'has_history';
    await manager.query(`DELETE FROM volunteers WHERE id = $1`, [id]);
    return row;
  }
}
