import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ListQuery, Page } from '../../common/http/list-query';
import { FastInsert } from '../fast-insert';
import { activityActionLabel } from '../../shared/labels';
import type { ActivityLogRow } from '../../shared/api/reports';
import { ActivityLogEntity } from './activity-log.entity';
import { managerOf, scopeOf, type DbScope } from '../db-scope';

export type ActivitySortField = 'createdAt' | 'id';
export type ActivityFilterField = 'action' | 'entityType' | 'entityId' | 'userId';

const FILTER_COLUMNS: Record<ActivityFilterField, string> = {
  action: 'a.action',
  entityType: 'a.entity_type',
  entityId: 'a.entity_id',
  userId: 'a.user_id',
};

/** activity_logs, read with the administrator's username (IDX_activity_logs_created_at serves the order). */
@Injectable()
export class ActivityLogsRepository {
  // Compiled once: every request and every audited call writes a row.
  private readonly insertRow = new FastInsert(ActivityLogEntity, []);

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** For rows written outside any caller's transaction. */
  get pool(): DbScope {
    return scopeOf(this.db.manager);
  }

  /** One row, in the caller's transaction. */
  async insert(scope: DbScope, row: Partial<Record<keyof ActivityLogEntity, unknown>>): Promise<void> {
    const manager = managerOf(scope);
    await this.insertRow.run(manager, row);
  }

  async page(query: ListQuery<ActivitySortField, ActivityFilterField>): Promise<Page<ActivityLogRow>> {
    const params: unknown[] = [];
    const where: string[] = [];
    for (const [field, value] of Object.entries(query.filter) as [ActivityFilterField, unknown][]) {
      if (value === undefined || value === '') continue;
      params.push(field === 'userId' ? Number(value) : String(value));
      where.push(`${FILTER_COLUMNS[field]} = $${params.length}`);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const dir = query.sort.order === 'ASC' ? 'ASC' : 'DESC';
    const order = query.sort.field === 'id' ? `a.id ${dir}` : `a.created_at ${dir}, a.id ${dir}`;
    const [rows, total] = await Promise.all([
      this.db.query(
        `SELECT a.id, a.action, a.entity_type AS "entityType", a.entity_id AS "entityId", a.metadata, a.user_id AS "userId",
                u.username, a.ip_address AS "ipAddress", a.user_agent AS "userAgent", a.created_at AS "createdAt"
           FROM activity_logs a LEFT JOIN users u ON u.id = a.user_id
           ${whereSql} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, query.take, query.skip],
      ) as Promise<(Omit<ActivityLogRow, 'actionLabel' | 'createdAt'> & { createdAt: Date })[]>,
      this.db.query(`SELECT count(*)::int AS n FROM activity_logs a ${whereSql}`, params) as Promise<{ n: number }[]>,
    ]);
    return {
      rows: rows.map((row) => ({ ...row, actionLabel: activityActionLabel(row.action), createdAt: new Date(row.createdAt).toISOString() })),
      total: total[0].n,
    };
  }
}
