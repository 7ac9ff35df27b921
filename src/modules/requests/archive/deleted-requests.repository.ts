import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ListQuery, Page } from '../../../common/http/list-query';
import type { DeletedRequestRow } from '../../../shared/api/requests';
import { COLUMNS, LABEL_JOINS, RawRow, RequestSearch, toRow } from '../admin/requests-admin.repository';
import { DeletedRequestEntity } from '../entities/deleted-request.entity';
import { RequestEntity } from '../entities/request.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

export const ARCHIVE_SORTABLE = ['deletedAt', 'originalId'] as const;
export const ARCHIVE_FILTERABLE = ['q', 'id'] as const;
export type ArchiveSortField = (typeof ARCHIVE_SORTABLE)[number];
export type ArchiveFilterField = (typeof ARCHIVE_FILTERABLE)[number];

/** ORDER BY per sort field (IDX_deleted_requests_deleted_at, IDX_deleted_requests_original_id). */
const ORDER_SQL: Record<ArchiveSortField, (o: 'ASC' | 'DESC') => string> = {
  deletedAt: (o) => `r.deleted_at ${o}, r.id ${o}`,
  originalId: (o) => `r.original_id ${o}, r.id ${o}`,
};

/** The archive's own columns beside the request's (COLUMNS reads the same names from deleted_requests). */
const ARCHIVE_COLUMNS = `${COLUMNS}, r.original_id AS "originalId", r.deleted_at AS "deletedAt", r.deleted_by AS "deletedBy",
  r.deletion_reason AS "deletionReason"`;

/** What a restore checks before putting an archived request back. */
export interface ArchiveEntry {
  originalId: number;
  organizerPhone: string;
  eventType: string;
  eventDate: string;
  status: string;
}

/** deleted_requests: the archive screen's reads and the restore. */
@Injectable()
export class DeletedRequestsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(
    query: Pick<ListQuery<ArchiveSortField, ArchiveFilterField>, 'sort' | 'skip' | 'take'>,
    search?: RequestSearch,
    ids?: number[],
  ): Promise<Page<DeletedRequestRow>> {
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const conditions: string[] = [];
    if (search) {
      const ors: string[] = [];
      if (search.id !== undefined) ors.push(`r.original_id = ${param(search.id)}`);
      if (search.phone) ors.push(`r.organizer_phone = ${param(search.phone)}`);
      if (search.text) ors.push(`r.organizer_name ILIKE ${param(`%${search.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
      conditions.push(ors.length ? `(${ors.join(' OR ')})` : 'false');
    }
    if (ids) conditions.push(`r.id = ANY(${param(ids)}::int[])`);
    const whereSql = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const whereParams = params.length;
    const rows = (await this.db.query(
      `SELECT ${ARCHIVE_COLUMNS} FROM deleted_requests r ${LABEL_JOINS} ${whereSql}
        ORDER BY ${ORDER_SQL[query.sort.field](query.sort.order)} LIMIT ${param(query.take)} OFFSET ${param(query.skip)}`,
      params,
    )) as (RawRow & { originalId: number; deletedAt: Date; deletedBy: string | null; deletionReason: string | null })[];
    const [{ total }] = (await this.db.query(
      `SELECT count(*)::int AS total FROM deleted_requests r ${whereSql}`,
      params.slice(0, whereParams),
    )) as [{ total: number }];
    return {
      rows: rows.map((raw) => ({
        ...toRow(raw),
        originalId: raw.originalId,
        deletedAt: raw.deletedAt.toISOString(),
        deletedBy: raw.deletedBy,
        deletionReason: raw.deletionReason,
      })),
      total,
    };
  }

  /** The archived request, locked until the transaction ends (two restores of one entry never cross). */
  async lock(scope: DbScope, archiveId: number): Promise<ArchiveEntry | null> {
    const manager = managerOf(scope);
    const [row] = (await manager.query(
      `SELECT original_id AS "originalId", organizer_phone AS "organizerPhone", event_type AS "eventType",
              to_char(event_date, 'YYYY-MM-DD') AS "eventDate", status
         FROM deleted_requests WHERE id = $1 FOR UPDATE`,
      [archiveId],
    )) as ArchiveEntry[];
    return row ?? null;
  }

  /**
   * Puts the archived request back into requests under its original number (every column of the
   * request's entity, so the two cannot drift) and removes the archive entry. False when that number is
   * taken (the request's sequence never gives a number twice, so only a hand-made row could take it).
   */
  async restore(scope: DbScope, archiveId: number): Promise<boolean> {
    const manager = managerOf(scope);
    // The request's columns that the archive keeps (the host's link is not archived: a restored
    // request gets a new one at its next message).
    const archived = new Set(this.db.getMetadata(DeletedRequestEntity).columns.map((c) => c.databaseName));
    const columns = this.db
      .getMetadata(RequestEntity)
      .columns.map((c) => c.databaseName)
      .filter((c) => c === 'id' || archived.has(c));
    const sources = columns.map((c) => (c === 'id' ? 'original_id' : c));
    const inserted = (await manager.query(
      `INSERT INTO requests (${columns.map((c) => `"${c}"`).join(', ')})
       SELECT ${sources.map((c) => `"${c}"`).join(', ')} FROM deleted_requests WHERE id = $1
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [archiveId],
    )) as unknown[];
    if (!inserted.length) return false;
    await manager.query(`DELETE FROM deleted_requests WHERE id = $1`, [archiveId]);
    return true;
  }
}
