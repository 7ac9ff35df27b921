import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ListQuery, Page } from '../../../common/http/list-query';
import type { LoginAttemptRow } from '../../../shared/api/security';
import { AccountSecurityStatusEntity } from '../entities/account-security-status.entity';
import { LoginAttemptEntity } from '../entities/login-attempt.entity';
import { POLICY_LOCK, readPolicy } from './security-settings.repository';
import { managerOf, type DbScope } from '../../../database/db-scope';

export const LOGIN_ATTEMPT_SORTABLE = ['attemptedAt', 'id', 'username'] as const;
export const LOGIN_ATTEMPT_FILTERABLE = ['success', 'q', 'failureReason', 'id'] as const;
export type LoginAttemptSortField = (typeof LOGIN_ATTEMPT_SORTABLE)[number];
export type LoginAttemptFilterField = (typeof LOGIN_ATTEMPT_FILTERABLE)[number];

/** What the list is narrowed by (values already checked by the service). */
export interface LoginAttemptWhere {
  success?: boolean;
  failureReason?: string;
  /** Part of the username or of the address, any case. */
  text?: string;
  ids?: number[];
}

/** ORDER BY per sort field; each ends with the id so pages never overlap, and each has an index. */
const ORDER_SQL: Record<LoginAttemptSortField, (o: 'ASC' | 'DESC') => string> = {
  attemptedAt: (o) => `a.attempted_at ${o}, a.id ${o}`,
  id: (o) => `a.id ${o}`,
  username: (o) => `a.username ${o}, a.attempted_at ${o}, a.id ${o}`,
};

const COLUMNS = `a.id, a.username, a.success, a.ip_address AS "ipAddress", a.country, a.country_code AS "countryCode",
  a.failure_reason AS "failureReason", a.attempted_at AS "attemptedAt"`;

export interface NewLoginAttempt {
  username: string;
  success: boolean;
  failureReason: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  country: string | null;
  countryCode: string | null;
  attemptedAt: Date;
}

/** The login counters and freeze of a status row, as written after a login attempt. */
export type StatusChanges = Partial<
  Pick<
    AccountSecurityStatusEntity,
    'failedAttempts' | 'lastFailedAttempt' | 'isFrozen' | 'frozenAt' | 'frozenUntil' | 'lastSuccessfulLogin'
  >
>;

/** account_security_status and login_attempts. */
@Injectable()
export class AccountStatusRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private statuses(manager?: EntityManager) {
    return (manager ?? this.db.manager).getRepository(AccountSecurityStatusEntity);
  }

  /**
   * The status row of a username. A missing one is inserted with the security policy the other rows
   * hold (the oldest row's, or the columns' defaults for the first account), under the policy lock so
   * that a policy change in progress is not missed.
   */
  async ensureStatus(username: string, scope?: DbScope): Promise<AccountSecurityStatusEntity> {
    const manager = scope && managerOf(scope);
    const found = await this.statuses(manager).findOne({ where: { username } });
    if (found) return found;
    const create = async (m: EntityManager) => {
      await m.query('SELECT pg_advisory_xact_lock($1)', [POLICY_LOCK]);
      const policy = await readPolicy(m);
      const repo = m.getRepository(AccountSecurityStatusEntity);
      await repo
        .createQueryBuilder()
        .insert()
        .values({ username, ...policy })
        .orIgnore('("username")')
        .execute();
      return repo.findOneOrFail({ where: { username } });
    };
    return manager ? create(manager) : this.db.transaction(create);
  }

  lockStatus(scope: DbScope, username: string): Promise<AccountSecurityStatusEntity> {
    const manager = managerOf(scope);
    return this.statuses(manager).findOneOrFail({ where: { username }, lock: { mode: 'pessimistic_write' } });
  }

  async updateStatus(scope: DbScope, id: number, changes: StatusChanges): Promise<void> {
    const manager = managerOf(scope);
    await manager.update(AccountSecurityStatusEntity, { id }, changes);
  }

  findStatus(username: string): Promise<AccountSecurityStatusEntity | null> {
    return this.statuses().findOne({ where: { username } });
  }

  /** The oldest account's status row (the first administrator), if any. */
  async firstStatus(): Promise<AccountSecurityStatusEntity | null> {
    const [first] = await this.statuses().find({ order: { id: 'ASC' }, take: 1 });
    return first ?? null;
  }

  /** Ends a freeze and clears the counter; false when there is no such account. */
  async clearFreeze(username: string): Promise<boolean> {
    const result = await this.statuses().update({ username }, { isFrozen: false, frozenUntil: null, frozenAt: null, failedAttempts: 0 });
    return !!result.affected;
  }

  async insertAttempt(scope: DbScope, attempt: NewLoginAttempt): Promise<void> {
    const manager = managerOf(scope);
    await manager.insert(LoginAttemptEntity, attempt);
  }

  countFailuresSince(scope: DbScope, username: string, since: Date): Promise<number> {
    const manager = managerOf(scope);
    return manager
      .getRepository(LoginAttemptEntity)
      .createQueryBuilder('a')
      .where('a.username = :username AND a.success = false AND a.attemptedAt >= :since', { username, since })
      .getCount();
  }

  /** Times of the newest `limit` failures of an unknown username since `since`, newest first. */
  async unknownNameFailureTimes(scope: DbScope, username: string, since: Date, limit: number): Promise<Date[]> {
    const manager = managerOf(scope);
    const rows = await manager
      .getRepository(LoginAttemptEntity)
      .createQueryBuilder('a')
      .select(['a.attemptedAt'])
      .where(`a.username = :username AND a.success = false AND a.failureReason = 'invalid_username' AND a.attemptedAt >= :since`, {
        username,
        since,
      })
      .orderBy('a.attemptedAt', 'DESC')
      .limit(limit)
      .getMany();
    return rows.map((r) => r.attemptedAt);
  }

  /** Address and country of the newest `count` failures of a username, newest first. */
  async recentFailures(
    scope: DbScope,
    username: string,
    count: number,
  ): Promise<Array<{ ipAddress: string | null; country: string | null }>> {
    const manager = managerOf(scope);
    return manager
      .getRepository(LoginAttemptEntity)
      .createQueryBuilder('a')
      .select(['a.ipAddress', 'a.country'])
      .where('a.username = :username AND a.success = false', { username })
      .orderBy('a.id', 'DESC')
      .limit(count)
      .getMany();
  }

  hasSucceededFrom(scope: DbScope, username: string, countryCode: string): Promise<boolean> {
    const manager = managerOf(scope);
    return manager
      .getRepository(LoginAttemptEntity)
      .createQueryBuilder('a')
      .where('a.username = :username AND a.success = true AND a.countryCode = :countryCode', { username, countryCode })
      .getExists();
  }

  /** One page of the attempt history and the number of rows that match. */
  async listAttempts(
    query: Pick<ListQuery<LoginAttemptSortField, LoginAttemptFilterField>, 'sort' | 'skip' | 'take'>,
    where: LoginAttemptWhere,
  ): Promise<Page<LoginAttemptRow>> {
    const params: unknown[] = [];
    const conditions: string[] = [];
    const param = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (where.success !== undefined) conditions.push(`a.success = ${param(where.success)}`);
    if (where.failureReason !== undefined) conditions.push(`a.failure_reason = ${param(where.failureReason)}`);
    if (where.ids !== undefined) conditions.push(`a.id = ANY(${param(where.ids)}::int[])`);
    if (where.text) {
      const like = param(`%${where.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      conditions.push(`(a.username ILIKE ${like} OR a.ip_address ILIKE ${like})`);
    }
    const whereSql = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const [{ total }] = (await this.db.query(`SELECT count(*)::int AS total FROM login_attempts a ${whereSql}`, params)) as [
      { total: number },
    ];
    const rows = (await this.db.query(
      `SELECT ${COLUMNS} FROM login_attempts a ${whereSql}
        ORDER BY ${ORDER_SQL[query.sort.field](query.sort.order)} LIMIT ${param(query.take)} OFFSET ${param(query.skip)}`,
      params,
    )) as Array<Omit<LoginAttemptRow, 'attemptedAt'> & { attemptedAt: Date }>;
    return { rows: rows.map((r) => ({ ...r, attemptedAt: r.attemptedAt.toISOString() })), total };
  }
}
