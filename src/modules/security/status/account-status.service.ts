import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import { AccountSecurityStatusEntity } from '../entities/account-security-status.entity';
import { LoginAttemptEntity } from '../entities/login-attempt.entity';

export type LoginFailureReason =
  | 'invalid_password'
  | 'invalid_username'
  | 'geo_blocked'
  | 'account_frozen'
  | 'invalid_verification_code'
  | 'invalid_emergency_code'
  | 'invalid_emergency_answer';

export interface LoginAttemptRecord {
  username: string;
  success: boolean;
  failureReason?: LoginFailureReason | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  country?: string | null;
  countryCode?: string | null;
}

export interface LoginAttemptView {
  id: number;
  username: string;
  success: boolean;
  ipAddress: string | null;
  country: string | null;
  countryCode: string | null;
  failureReason: string | null;
  attemptedAt: string;
}

export interface SecurityStatusView {
  username: string;
  isFrozen: boolean;
  frozenUntil: string | null;
  lastSuccessfulLogin: string | null;
  failedAttempts: number;
  maxFailedAttempts: number;
  freezeDurationMinutes: number;
  geoAlertEnabled: boolean;
  allowedCountries: string[];
}

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
    @InjectRepository(AccountSecurityStatusEntity) private readonly statuses: Repository<AccountSecurityStatusEntity>,
    @InjectRepository(LoginAttemptEntity) private readonly attempts: Repository<LoginAttemptEntity>,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The status row of a username (created with the spec's defaults when missing). */
  async ensure(username: string, manager?: EntityManager): Promise<AccountSecurityStatusEntity> {
    const repo = manager ? manager.getRepository(AccountSecurityStatusEntity) : this.statuses;
    await repo.createQueryBuilder().insert().values({ username }).orIgnore('("username")').execute();
    return repo.findOneOrFail({ where: { username } });
  }

  /** The status row locked for this transaction (counting failures without races). */
  async lock(manager: EntityManager, username: string): Promise<AccountSecurityStatusEntity> {
    await this.ensure(username, manager);
    return manager.getRepository(AccountSecurityStatusEntity).findOneOrFail({ where: { username }, lock: { mode: 'pessimistic_write' } });
  }

  async record(manager: EntityManager, attempt: LoginAttemptRecord): Promise<void> {
    await manager.insert(LoginAttemptEntity, {
      username: attempt.username.slice(0, 100),
      success: attempt.success,
      failureReason: attempt.failureReason ?? null,
      ipAddress: attempt.ipAddress?.slice(0, 64) ?? null,
      userAgent: attempt.userAgent?.slice(0, 500) ?? null,
      country: attempt.country ?? null,
      countryCode: attempt.countryCode ?? null,
      attemptedAt: this.clock.now(),
    });
  }

  /** Failed attempts for a username since `since` (unknown usernames have no status row). */
  async failuresSince(manager: EntityManager, username: string, since: Date): Promise<number> {
    return manager
      .getRepository(LoginAttemptEntity)
      .createQueryBuilder('a')
      .where('a.username = :username AND a.success = false AND a.attemptedAt >= :since', { username, since })
      .getCount();
  }

  /** Wrong passwords typed for a username that is not an account since `since`, oldest first (at most 100). */
  async unknownNameFailures(manager: EntityManager, username: string, since: Date): Promise<Date[]> {
    const rows = await manager
      .getRepository(LoginAttemptEntity)
      .createQueryBuilder('a')
      .select(['a.attemptedAt'])
      .where(`a.username = :username AND a.success = false AND a.failureReason = 'invalid_username' AND a.attemptedAt >= :since`, {
        username,
        since,
      })
      .orderBy('a.attemptedAt', 'DESC')
      .limit(100)
      .getMany();
    return rows.map((r) => r.attemptedAt).reverse();
  }

  /**
   * The rules an unknown username is answered by: those of the oldest account (the first
   * administrator), so that a stranger sees the same freeze and country answers whichever name is tried.
   */
  async policyForUnknown(): Promise<Pick<AccountSecurityStatusEntity, 'maxFailedAttempts' | 'freezeDurationMinutes' | 'allowedCountries'>> {
    const [first] = await this.statuses.find({ order: { id: 'ASC' }, take: 1 });
    return first ?? { maxFailedAttempts: 3, freezeDurationMinutes: 30, allowedCountries: ['SA'] };
  }

  /** Where the last `count` failed attempts of a username came from: distinct addresses, newest first. */
  async recentFailureSources(manager: EntityManager, username: string, count: number): Promise<string[]> {
    const rows = await manager
      .getRepository(LoginAttemptEntity)
      .createQueryBuilder('a')
      .select(['a.ipAddress', 'a.country'])
      .where('a.username = :username AND a.success = false', { username })
      .orderBy('a.id', 'DESC')
      .limit(count)
      .getMany();
    const seen = new Set<string>();
    for (const row of rows) if (row.ipAddress) seen.add(row.country ? `${row.ipAddress} (${row.country})` : row.ipAddress);
    return [...seen];
  }

  /** Whether this user has signed in successfully from this country before. */
  async hasSucceededFrom(manager: EntityManager, username: string, countryCode: string): Promise<boolean> {
    const found = await manager
      .getRepository(LoginAttemptEntity)
      .createQueryBuilder('a')
      .where('a.username = :username AND a.success = true AND a.countryCode = :countryCode', { username, countryCode })
      .getExists();
    return found;
  }

  async recentAttempts(limit: number): Promise<LoginAttemptView[]> {
    const rows = await this.attempts.find({ order: { attemptedAt: 'DESC', id: 'DESC' }, take: limit });
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      success: r.success,
      ipAddress: r.ipAddress,
      country: r.country,
      countryCode: r.countryCode,
      failureReason: r.failureReason,
      attemptedAt: r.attemptedAt.toISOString(),
    }));
  }

  async view(username: string): Promise<SecurityStatusView> {
    const s = await this.statuses.findOne({ where: { username } });
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
    const result = await this.statuses.update({ username }, { isFrozen: false, frozenUntil: null, frozenAt: null, failedAttempts: 0 });
    if (!result.affected) throw DomainException.notFound('المستخدم غير موجود');
  }
}
