import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock/clock';
import { SharedCounters } from '../../../common/metrics/shared-counters';
import { DomainException } from '../../../common/errors/domain.exception';
import { idsFilter, LIST_QUERY_MESSAGES } from '../../../common/http/list-query';
import type { ListQuery, Page } from '../../../common/http/list-query';
import { LOGIN_FAILURE_REASONS } from '../../../shared/api/security';
import type { LoginAttemptRow, LoginFailureReason, SecurityStatus } from '../../../shared/api/security';
import { AccountSecurityStatusEntity } from '../entities/account-security-status.entity';
import {
  AccountStatusRepository,
  LoginAttemptFilterField,
  LoginAttemptSortField,
  LoginAttemptWhere,
  StatusChanges,
} from './account-status.repository';
import type { DbScope } from '../../../database/db-scope';

export interface LoginAttemptRecord {
  username: string;
  success: boolean;
  failureReason?: LoginFailureReason | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  country?: string | null;
  countryCode?: string | null;
}

export type SecurityStatusView = SecurityStatus;

const FILTER_MESSAGE = LIST_QUERY_MESSAGES.filter;

/** Whether a freeze still holds at `now` (an elapsed freeze is over, whatever the flag says). */
export function isFrozenAt(status: Pick<AccountSecurityStatusEntity, 'isFrozen' | 'frozenUntil'>, now: Date): boolean {
  return status.isFrozen && !!status.frozenUntil && status.frozenUntil.getTime() > now.getTime();
}

/** Whole minutes left of a freeze, at least 1. */
export function remainingMinutes(frozenUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((frozenUntil.getTime() - now.getTime()) / 60_000));
}

/** account_security_status and login_attempts: the per-account counters and the attempt history. */
@Injectable()
export class AccountStatusService {
  constructor(
    private readonly repo: AccountStatusRepository,
    @Inject(Clock) private readonly clock: Clock,
    private readonly counters: SharedCounters,
  ) {}

  /** The status row of a username (created with the spec's defaults when missing). */
  ensure(username: string, manager?: DbScope): Promise<AccountSecurityStatusEntity> {
    return this.repo.ensureStatus(username, manager);
  }

  /** The status row locked for this transaction (counting failures without races). */
  async lock(manager: DbScope, username: string): Promise<AccountSecurityStatusEntity> {
    await this.repo.ensureStatus(username, manager);
    return this.repo.lockStatus(manager, username);
  }

  /** Writes the counters and freeze of a status row locked in this transaction. */
  update(manager: DbScope, id: number, changes: StatusChanges): Promise<void> {
    return this.repo.updateStatus(manager, id, changes);
  }

  async record(manager: DbScope, attempt: LoginAttemptRecord): Promise<void> {
    await this.repo.insertAttempt(manager, {
      username: attempt.username.slice(0, 100),
      success: attempt.success,
      failureReason: attempt.failureReason ?? null,
      ipAddress: attempt.ipAddress?.slice(0, 64) ?? null,
      userAgent: attempt.userAgent?.slice(0, 500) ?? null,
      country: attempt.country ?? null,
      countryCode: attempt.countryCode ?? null,
      attemptedAt: this.clock.now(),
    });
    // For GET /metrics: failures by reason, without reading login_attempts at every scrape.
    if (!attempt.success) this.counters.increment('login_failures', attempt.failureReason ?? 'unknown');
  }

  /** Failed attempts for a username since `since` (unknown usernames have no status row). */
  failuresSince(manager: DbScope, username: string, since: Date): Promise<number> {
    return this.repo.countFailuresSince(manager, username, since);
  }

  /** Wrong passwords typed for a username that is not an account since `since`, oldest first (at most 100). */
  async unknownNameFailures(manager: DbScope, username: string, since: Date): Promise<Date[]> {
    return (await this.repo.unknownNameFailureTimes(manager, username, since, 100)).reverse();
  }

  /**
   * The rules an unknown username is answered by: those of the oldest account (the first
   * administrator), so that a stranger sees the same freeze and country answers whichever name is tried.
   */
  async policyForUnknown(): Promise<Pick<AccountSecurityStatusEntity, 'maxFailedAttempts' | 'freezeDurationMinutes' | 'allowedCountries'>> {
    return (await this.repo.firstStatus()) ?? { maxFailedAttempts: 3, freezeDurationMinutes: 30, allowedCountries: ['SA'] };
  }

  /** Where the last `count` failed attempts of a username came from: distinct addresses, newest first. */
  async recentFailureSources(manager: DbScope, username: string, count: number): Promise<string[]> {
    const seen = new Set<string>();
    for (const row of await this.repo.recentFailures(manager, username, count))
      if (row.ipAddress) seen.add(row.country ? `${row.ipAddress} (${row.country})` : row.ipAddress);
    return [...seen];
  }

  /** Whether this user has signed in successfully from this country before. */
  hasSucceededFrom(manager: DbScope, username: string, countryCode: string): Promise<boolean> {
    return this.repo.hasSucceededFrom(manager, username, countryCode);
  }

  /** A page of the attempt history (GET /api/security/login-attempts); filter values are checked here. */
  async listAttempts(query: ListQuery<LoginAttemptSortField, LoginAttemptFilterField>): Promise<Page<LoginAttemptRow>> {
    const { success, q, failureReason } = query.filter;
    const where: LoginAttemptWhere = { ids: idsFilter(query.filter.id, 'رقم محاولة الدخول غير صحيح') };
    if (success !== undefined && success !== null) {
      if (typeof success !== 'boolean')
        throw DomainException.validation({ success: 'قيمة النتيجة يجب أن تكون true أو false' }, FILTER_MESSAGE);
      where.success = success;
    }
    if (failureReason !== undefined && failureReason !== null && failureReason !== '') {
      if (typeof failureReason !== 'string' || !(LOGIN_FAILURE_REASONS as readonly string[]).includes(failureReason))
        throw DomainException.validation({ failureReason: 'سبب الفشل غير معروف' }, FILTER_MESSAGE);
      where.failureReason = failureReason;
    }
    if (q !== undefined && q !== null) {
      if (typeof q !== 'string') throw DomainException.validation({ q: 'نص البحث يجب أن يكون نصاً' }, FILTER_MESSAGE);
      if (q.trim()) where.text = q.trim();
    }
    return this.repo.listAttempts(query, where);
  }

  /** One attempt as the list shows it (react-admin's getOne). */
  async attempt(id: number): Promise<LoginAttemptRow> {
    const page = await this.repo.listAttempts({ sort: { field: 'id', order: 'DESC' }, skip: 0, take: 1 }, { ids: [id] });
    if (!page.rows.length) throw DomainException.notFound('محاولة الدخول غير موجودة');
    return page.rows[0];
  }

  async view(username: string): Promise<SecurityStatusView> {
    const s = await this.repo.findStatus(username);
    if (!s) throw DomainException.notFound('لا توجد حالة أمان لهذا المستخدم');
    const frozen = isFrozenAt(s, this.clock.now());
    return {
      username: s.username,
      isFrozen: frozen,
      frozenUntil: frozen ? (s.frozenUntil?.toISOString() ?? null) : null,
      lastSuccessfulLogin: s.lastSuccessfulLogin?.toISOString() ?? null,
      failedAttempts: s.failedAttempts,
      maxFailedAttempts: s.maxFailedAttempts,
      freezeDurationMinutes: s.freezeDurationMinutes,
      geoAlertEnabled: s.geoAlertEnabled,
      allowedCountries: s.allowedCountries,
    };
  }

  /** Ends a freeze and clears the failure counter. */
  async unfreeze(username: string): Promise<void> {
    if (!(await this.repo.clearFreeze(username))) throw DomainException.notFound('المستخدم غير موجود');
  }
}
