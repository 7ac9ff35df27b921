import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { ListQuery, Page } from '../../../common/http/list-query';
import type { QuickMessageItem, QuickMessageStats, QuickMessageStatusGroup } from '../../../shared/api/quick-messages';
import { QuickMessageEntity } from '../entities/quick-message.entity';
import { managerOf, scopeOf, type DbScope } from '../../../database/db-scope';

export const QUICK_MESSAGE_SORTABLE = ['createdAt', 'id'] as const;
export const QUICK_MESSAGE_FILTERABLE = ['status', 'q', 'replied', 'answered', 'id'] as const;
export type QuickMessageSortField = (typeof QUICK_MESSAGE_SORTABLE)[number];
export type QuickMessageFilterField = (typeof QUICK_MESSAGE_FILTERABLE)[number];

/** What the list is narrowed by, already checked by the service. */
export interface QuickMessageWhere {
  status?: QuickMessageStatusGroup;
  /** A search: the inquiry's number, the sender's phone (canonical 05…), or text of the name or message. */
  search?: { id?: number; phone?: string; text?: string };
  replied?: boolean;
  answered?: boolean;
  ids?: number[];
}

/** Status groups as SQL (literals only: the planner then uses IDX_quick_messages_status_created_at). */
const STATUS_SQL: Record<QuickMessageStatusGroup, string> = {
  sent: `q.status IN ('sent', 'delivered')`,
  failed: `q.status = 'failed'`,
  pending: `q.status = 'pending'`,
};

const COLUMNS = `q.id, q.request_id AS "requestId", q.sender_phone AS "phoneNumber", q.sender_name AS "senderName",
  q.created_at AS "createdAt", q.original_message AS "originalMessage", q.inquiry_type AS "inquiryType",
  q.inquiry_subject AS "inquirySubject", q.status, q.admin_reply AS "adminReply", q.replied_at AS "repliedAt",
  q.reply_status AS "replyStatus", q.reply_error_message AS "replyErrorMessage", q.error_message AS "errorMessage",
  q.answered, q.answered_at AS "answeredAt"`;

type RawRow = Omit<QuickMessageItem, 'createdAt' | 'repliedAt' | 'answeredAt'> & {
  createdAt: Date | null;
  repliedAt: Date | null;
  answeredAt: Date | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const toItem = (r: RawRow): QuickMessageItem => ({
  ...r,
  createdAt: iso(r.createdAt),
  repliedAt: iso(r.repliedAt),
  answeredAt: iso(r.answeredAt),
});

/** quick_messages as the administrators' screen reads and changes them. */
@Injectable()
export class QuickMessagesAdminRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** One page, newest first by default; every order ends with the id so pages never overlap. */
  async list(
    query: Pick<ListQuery<QuickMessageSortField, QuickMessageFilterField>, 'sort' | 'skip' | 'take'>,
    where: QuickMessageWhere,
  ): Promise<Page<QuickMessageItem>> {
    const params: unknown[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const conditions: string[] = [];
    if (where.status) conditions.push(STATUS_SQL[where.status]);
    if (where.replied !== undefined) conditions.push(where.replied ? 'q.admin_reply IS NOT NULL' : 'q.admin_reply IS NULL');
    // A literal, so the planner uses IDX_quick_messages_answered_created_at for the default page.
    if (where.answered !== undefined) conditions.push(where.answered ? 'q.answered' : 'NOT q.answered');
    if (where.ids) conditions.push(`q.id = ANY(${param(where.ids)}::int[])`);
    if (where.search) {
      const { id, phone, text } = where.search;
      const ors: string[] = [];
      if (id !== undefined) ors.push(`q.id = ${param(id)}`);
      if (phone) ors.push(`q.sender_phone = ${param(phone)}`);
      if (text) {
        const like = param(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
        ors.push(`q.sender_name ILIKE ${like}`, `q.original_message ILIKE ${like}`);
      }
      conditions.push(ors.length ? `(${ors.join(' OR ')})` : 'false');
    }
    const whereSql = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const order = query.sort.order;
    const orderSql = query.sort.field === 'id' ? `q.id ${order}` : `q.created_at ${order}, q.id ${order}`;
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `SELECT ${COLUMNS} FROM quick_messages q ${whereSql} ORDER BY ${orderSql} LIMIT ${param(query.take)} OFFSET ${param(query.skip)}`,
        params,
      ) as Promise<RawRow[]>,
      this.db.query(`SELECT count(*)::int AS total FROM quick_messages q ${whereSql}`, params.slice(0, -2)) as Promise<{ total: number }[]>,
    ]);
    return { rows: rows.map(toItem), total };
  }

  /** The stats cards over every message, in one scan. */
  async stats(): Promise<QuickMessageStats> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status IN ('sent', 'delivered'))::int AS sent,
              count(*) FILTER (WHERE status = 'failed')::int AS failed,
              count(*) FILTER (WHERE status NOT IN ('sent', 'delivered', 'failed'))::int AS pending,
              count(*) FILTER (WHERE NOT answered)::int AS unanswered
         FROM quick_messages`,
    )) as QuickMessageStats[];
    return row;
  }

  /** One message, locked for the caller's transaction. */
  lock(scope: DbScope, id: number): Promise<QuickMessageEntity | null> {
    const manager = managerOf(scope);
    return manager.getRepository(QuickMessageEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** One message as the list shows it, or null. */
  one(id: number): Promise<QuickMessageItem | null> {
    return this.item(scopeOf(this.db.manager), id);
  }

  /** One message as the list shows it, read in the caller's transaction. */
  async item(scope: DbScope, id: number): Promise<QuickMessageItem | null> {
    const manager = managerOf(scope);
    const rows = (await manager.query(`SELECT ${COLUMNS} FROM quick_messages q WHERE q.id = $1`, [id])) as RawRow[];
    return rows.length ? toItem(rows[0]) : null;
  }

  async update(scope: DbScope, id: number, changes: Partial<QuickMessageEntity>): Promise<void> {
    const manager = managerOf(scope);
    await manager.update(QuickMessageEntity, { id }, changes);
  }

  /** Deletes these messages; answers how many there were. */
  async remove(ids: number[]): Promise<number> {
    return (await this.db.getRepository(QuickMessageEntity).delete({ id: In(ids) })).affected ?? 0;
  }
}
