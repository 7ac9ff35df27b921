import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ListQuery, Page } from '../../../common/http/list-query';
import type { SecurityAlertRow } from '../../../shared/api/security';
import { SecurityAlertEntity } from '../entities/security-alert.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

export const SECURITY_ALERT_SORTABLE = ['createdAt', 'id', 'severity'] as const;
export const SECURITY_ALERT_FILTERABLE = ['resolved', 'severity', 'alertType', 'id'] as const;
export type SecurityAlertSortField = (typeof SECURITY_ALERT_SORTABLE)[number];
export type SecurityAlertFilterField = (typeof SECURITY_ALERT_FILTERABLE)[number];

export interface SecurityAlertWhere {
  resolved?: boolean;
  severity?: string;
  alertType?: string;
  ids?: number[];
}

// Written exactly as in IDX_security_alerts_severity_rank (migration 1764600000001) so the planner uses it:
// low < medium < high, so DESC puts the most serious first.
const SEVERITY_RANK_SQL = `array_position('{low,medium,high}'::varchar[], s.severity)`;

/** ORDER BY per sort field; each ends with the id so pages never overlap, and each has an index. */
const ORDER_SQL: Record<SecurityAlertSortField, (o: 'ASC' | 'DESC') => string> = {
  createdAt: (o) => `s.created_at ${o}, s.id ${o}`,
  id: (o) => `s.id ${o}`,
  severity: (o) => `${SEVERITY_RANK_SQL} ${o}, s.created_at ${o}, s.id ${o}`,
};

const COLUMNS = `s.id, s.alert_type AS "alertType", s.severity, s.description, s.country, s.ip_address AS "ipAddress",
  s.username, s.created_at AS "createdAt", s.resolved, s.resolved_at AS "resolvedAt", s.resolved_by AS "resolvedBy"`;

export interface LastAlert {
  id: number;
  created_at: Date;
  repeats: number;
}

/** security_alerts. */
@Injectable()
export class SecurityAlertsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The last alert of this kind for the account and country, locked (repeats are counted on it). */
  async lastOfKind(
    scope: DbScope,
    kind: { alertType: string; username: string | null; countryCode: string | null },
  ): Promise<LastAlert | null> {
    const manager = managerOf(scope);
    const [last] = (await manager.query(
      `SELECT id, created_at, coalesce((metadata->>'repeats')::int, 0) AS repeats
         FROM security_alerts WHERE alert_type = $1 AND username IS NOT DISTINCT FROM $2 AND country_code IS NOT DISTINCT FROM $3
        ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      [kind.alertType, kind.username, kind.countryCode],
    )) as LastAlert[];
    return last ?? null;
  }

  async setRepeats(scope: DbScope, id: number, repeats: number): Promise<void> {
    const manager = managerOf(scope);
    await manager.query(
      `UPDATE security_alerts SET metadata = coalesce(metadata, '{}'::jsonb) || jsonb_build_object('repeats', $2::int) WHERE id = $1`,
      [id, repeats],
    );
  }

  insert(scope: DbScope, alert: Partial<SecurityAlertEntity>): Promise<SecurityAlertEntity> {
    const manager = managerOf(scope);
    return manager.save(manager.create(SecurityAlertEntity, alert));
  }

  /** One page of alerts and the number that match. */
  async list(
    query: Pick<ListQuery<SecurityAlertSortField, SecurityAlertFilterField>, 'sort' | 'skip' | 'take'>,
    where: SecurityAlertWhere,
  ): Promise<Page<SecurityAlertRow>> {
    const params: unknown[] = [];
    const conditions: string[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (where.resolved !== undefined) conditions.push(`s.resolved = ${param(where.resolved)}`);
    if (where.severity !== undefined) conditions.push(`s.severity = ${param(where.severity)}`);
    if (where.alertType !== undefined) conditions.push(`s.alert_type = ${param(where.alertType)}`);
    if (where.ids !== undefined) conditions.push(`s.id = ANY(${param(where.ids)}::int[])`);
    const whereSql = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const [{ total }] = (await this.db.query(`SELECT count(*)::int AS total FROM security_alerts s ${whereSql}`, params)) as [
      { total: number },
    ];
    const rows = (await this.db.query(
      `SELECT ${COLUMNS} FROM security_alerts s ${whereSql}
        ORDER BY ${ORDER_SQL[query.sort.field](query.sort.order)} LIMIT ${param(query.take)} OFFSET ${param(query.skip)}`,
      params,
    )) as Array<Omit<SecurityAlertRow, 'createdAt' | 'resolvedAt'> & { createdAt: Date; resolvedAt: Date | null }>;
    return {
      rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), resolvedAt: r.resolvedAt?.toISOString() ?? null })),
      total,
    };
  }

  find(id: number): Promise<SecurityAlertEntity | null> {
    return this.db.getRepository(SecurityAlertEntity).findOne({ where: { id } });
  }

  async markResolved(id: number, at: Date, by: string): Promise<void> {
    await this.db.getRepository(SecurityAlertEntity).update({ id, resolved: false }, { resolved: true, resolvedAt: at, resolvedBy: by });
  }
}
