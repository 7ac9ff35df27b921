import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AdminRequestRow } from '../../../shared/api/requests';
import {
  COLUMNS,
  DeskWhere,
  deskWhereSql,
  LABEL_JOINS,
  ORDER_SQL,
  RawRow,
  RequestSortField,
  toRow,
} from '../admin/requests-admin.repository';

/** A request as the desk's export writes it: the desk's row and how many internal notes it has. */
export type ExportedRequest = AdminRequestRow & { notesCount: number };

/** The desk's filtered list for its Excel export, read through a cursor. */
@Injectable()
export class RequestsExportRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The filtered list in the desk's order, in pages from a server-side cursor: one consistent snapshot
   * at any size, in any sort, without OFFSET and without the whole list in memory. The cursor's
   * transaction ends (and its connection goes back) however the reader stops.
   */
  async *rows(
    where: DeskWhere,
    sort: { field: RequestSortField; order: 'ASC' | 'DESC' },
    pageSize = 1000,
  ): AsyncGenerator<ExportedRequest[]> {
    const params: unknown[] = [];
    const whereSql = deskWhereSql(where, (value) => {
      params.push(value);
      return `$${params.length}`;
    });
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction('REPEATABLE READ');
      await runner.query(
        `DECLARE desk_export NO SCROLL CURSOR FOR
         SELECT ${COLUMNS}, (SELECT count(*)::int FROM request_notes n WHERE n.request_id = r.id) AS "notesCount"
           FROM requests r ${LABEL_JOINS} ${whereSql} ORDER BY ${ORDER_SQL[sort.field](sort.order)}`,
        params,
      );
      for (;;) {
        const page = (await runner.query(`FETCH ${Math.trunc(pageSize)} FROM desk_export`)) as (RawRow & { notesCount: number })[];
        if (!page.length) break;
        yield page.map((raw) => ({ ...toRow(raw), notesCount: raw.notesCount }));
        if (page.length < pageSize) break;
      }
      await runner.commitTransaction();
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      await runner.release();
    }
  }
}
