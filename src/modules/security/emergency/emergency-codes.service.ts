import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import { idsFilter, LIST_QUERY_MESSAGES } from '../../../common/http/list-query';
import type { ListQuery, Page } from '../../../common/http/list-query';
import type { EmergencyCodeRow } from '../../../shared/api/security';
import { riyadhDateString } from '../../../shared/time';
import { SecurityAlertsService } from '../alerts/security-alerts.service';
import { UsersRepository } from '../auth/users.repository';
import { ClientMeta, SessionGrant } from '../auth/auth.types';
import { UnitOfWork } from '../../../database/unit-of-work';
import { VerificationCodes } from '../codes/verification-codes';
import type { EmergencyAccessCodeEntity } from '../entities/emergency-access-code.entity';
import type { UserEntity } from '../entities/user.entity';
import { GeoIpService } from '../geo/geoip.service';
import { normalizeSecurityAnswer, PasswordHasher } from '../passwords/password-hasher';
import { SessionService } from '../session/session.service';
import { AccountStatusService } from '../status/account-status.service';
import { EmergencyCodeFilterField, EmergencyCodeSortField, EmergencyCodesRepository } from './emergency-codes.repository';
import { AuthErrors } from '../auth/auth-errors';
import { EmergencyCodeErrors } from './emergency-code-errors';

export const EMERGENCY_CODE_PREFIX = 'YNB';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export type EmergencyCodeView = EmergencyCodeRow;

export interface CreateEmergencyCode {
  masterCode?: string;
  securityQuestion: string;
  securityAnswer: string;
  expiresAt?: string | null;
}

export interface UpdateEmergencyCode {
  isActive?: boolean;
  securityQuestion?: string;
  securityAnswer?: string;
  expiresAt?: string | null;
}

/** Masked display form: the prefix and year stay, the random part shows only its last two characters. */
export function maskMasterCode(code: string): string {
  const upper = code.trim().toUpperCase();
  const parts = /^(.*-\d{4}-)(.+)$/.exec(upper);
  const tail = upper.slice(-2);
  return (parts ? `${parts[1]}****${tail}` : `****${tail}`).slice(0, 32);
}

/** A master code in the spec's format: prefix, year, six random uppercase letters and digits. */
export function generateMasterCode(year: string): string {
  let random = '';
  for (let i = 0; i < 6; i++) random += ALPHABET[randomInt(0, ALPHABET.length)];
  return `${EMERGENCY_CODE_PREFIX}-${year}-${random}`;
}

/**
 * Emergency access codes: stored as an HMAC (the code) and an argon2 hash (the trimmed, case-folded
 * answer); the full code is shown once, when created. Access opens a one-hour session and alerts
 * every administrator.
 */
/** Wrong answers that disable an emergency code. */
export const EMERGENCY_MAX_FAILURES = 5;
/** login_attempts name for a try with an unknown emergency code (no account to name). */
const EMERGENCY_LOG_NAME = 'emergency-code';

/** Thrown inside the use's transaction to undo it when the code stopped being usable meanwhile. */
class CodeNoLongerUsable extends Error {}

@Injectable()
export class EmergencyCodesService {
  constructor(
    private readonly repo: EmergencyCodesRepository,
    private readonly users: UsersRepository,
    @Inject(Clock) private readonly clock: Clock,
    private readonly codes: VerificationCodes,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionService,
    private readonly alerts: SecurityAlertsService,
    private readonly accounts: AccountStatusService,
    private readonly uow: UnitOfWork,
    private readonly geo: GeoIpService,
  ) {}

  /** A page of codes, masked (GET /api/admin/emergency-access-codes). */
  async list(query: ListQuery<EmergencyCodeSortField, EmergencyCodeFilterField>): Promise<Page<EmergencyCodeView>> {
    const { isActive } = query.filter;
    if (isActive !== undefined && isActive !== null && typeof isActive !== 'boolean')
      throw DomainException.validation({ isActive: 'قيمة التفعيل يجب أن تكون true أو false' }, LIST_QUERY_MESSAGES.filter);
    const ids = idsFilter(query.filter.id, 'رقم رمز الطوارئ غير صحيح');
    const page = await this.repo.list(query, { isActive: typeof isActive === 'boolean' ? isActive : undefined, ids });
    return { rows: page.rows.map((r) => this.view(r)), total: page.total };
  }

  /** One code as the list shows it, masked (react-admin's getOne). */
  async one(id: number): Promise<EmergencyCodeView> {
    const row = await this.repo.find(id);
    if (!row) throw DomainException.notFound('رمز الطوارئ غير موجود');
    return this.view(row);
  }

  async create(input: CreateEmergencyCode, createdBy: number): Promise<EmergencyCodeView> {
    const now = this.clock.now();
    const masterCode = (input.masterCode?.trim() || generateMasterCode(riyadhDateString(now).slice(0, 4))).toUpperCase();
    const hashed = this.codes.hashMasterCode(masterCode);
    if (await this.repo.existsByHash(hashed)) {
      throw EmergencyCodeErrors.CONFLICT(undefined, {
        errors: { masterCode: 'رمز الطوارئ هذا مستخدم من قبل' },
      });
    }
    const expiresAt = this.parseExpiry(input.expiresAt);
    const row = await this.repo.insert({
      masterCode: hashed,
      codeHint: maskMasterCode(masterCode),
      securityQuestion: input.securityQuestion.trim(),
      securityAnswer: await this.hasher.hash(normalizeSecurityAnswer(input.securityAnswer)),
      isActive: true,
      expiresAt,
      createdBy,
    });
    return { ...this.view(row), masterCode };
  }

  async update(id: number, input: UpdateEmergencyCode): Promise<EmergencyCodeView> {
    const row = await this.repo.find(id);
    if (!row) throw DomainException.notFound('رمز الطوارئ غير موجود');
    // Turning a code disabled by wrong answers back on gives it a fresh count of tries.
    if (input.isActive === true && !row.isActive) row.failedAttempts = 0;
    if (input.isActive !== undefined) row.isActive = input.isActive;
    if (input.securityQuestion !== undefined) row.securityQuestion = input.securityQuestion.trim();
    if (input.securityAnswer !== undefined) row.securityAnswer = await this.hasher.hash(normalizeSecurityAnswer(input.securityAnswer));
    if (input.expiresAt !== undefined) row.expiresAt = this.parseExpiry(input.expiresAt);
    return this.view(await this.repo.save(row));
  }

  async remove(id: number): Promise<void> {
    if (!(await this.repo.delete(id))) throw DomainException.notFound('رمز الطوارئ غير موجود');
  }

  /** The question of an active code; an unknown or inactive code gives nothing away. */
  async question(masterCode: string): Promise<{ isActive: boolean; securityQuestion: string | null }> {
    const row = await this.activeCode(masterCode);
    return row ? { isActive: true, securityQuestion: row.securityQuestion } : { isActive: false, securityQuestion: null };
  }

  async access(masterCode: string, answer: string, meta: ClientMeta): Promise<SessionGrant> {
    const row = await this.activeCode(masterCode);
    const normalized = normalizeSecurityAnswer(answer);
    const user = row ? await this.ownerOf(row) : null;
    // The try is counted before the answer is checked, so a burst checks at most EMERGENCY_MAX_FAILURES answers.
    const counted = !!row && !!user && (await this.repo.reserveTry(row.id, this.clock.now(), EMERGENCY_MAX_FAILURES));
    const ok = counted ? await this.hasher.verify(row.securityAnswer, normalized) : await this.hasher.verifyDummy(normalized);
    if (!row || !user || !counted || !ok) {
      await this.recordFailure(row, user, counted, meta);
      throw AuthErrors.INVALID_EMERGENCY_CODE();
    }

    const where = await this.geo.lookup(meta.ip);
    const now = this.clock.now();
    const session = await this.uow
      .run(async (tx) => {
        const issued = await this.sessions.issue(user, { ip: meta.ip, userAgent: meta.userAgent, emergency: true }, tx);
        await this.accounts.record(tx, {
          username: user.username,
          success: true,
          ipAddress: meta.ip,
          userAgent: meta.userAgent,
          country: where?.country,
          countryCode: where?.countryCode,
        });
        await this.alerts.raise(tx, {
          alertType: 'security_breach',
          severity: 'high',
          description: `دخول طارئ إلى لوحة التحكم${row.codeHint ? ` برمز الطوارئ ${row.codeHint}` : ''} لمدة ساعة واحدة`,
          username: user.username,
          ipAddress: meta.ip,
          country: where?.country,
          countryCode: where?.countryCode,
          metadata: { emergencyCodeId: row.id },
        });
        // The use re-checks that the code is still active (one disabled by wrong answers racing this
        // one opens nothing, and all of the above is undone). Last, so the code's row is locked only
        // until the commit.
        if (!(await this.repo.claimUse(tx, row.id, now, user.username, meta.ip))) throw new CodeNoLongerUsable();
        return issued;
      })
      .catch((error: unknown) => {
        if (error instanceof CodeNoLongerUsable) return null;
        throw error;
      });
    if (!session) {
      await this.recordFailure(row, user, false, meta);
      throw AuthErrors.INVALID_EMERGENCY_CODE();
    }
    return {
      token: session.token,
      user: { id: user.id, username: user.username, role: user.role },
      expiresAt: session.expiresAt.toISOString(),
    };
  }

  /** The account an emergency session opens as: the code's creator, else the first administrator. */
  private async ownerOf(row: EmergencyAccessCodeEntity): Promise<UserEntity | null> {
    return (row.createdBy ? await this.users.findById(row.createdBy) : null) ?? (await this.users.firstUser());
  }

  /**
   * A refused try, logged in login_attempts: a wrong answer to a real code (`counted`) keeps its try,
   * and the one that reaches EMERGENCY_MAX_FAILURES disables the code and alerts the administrators
   * once. An unknown or unusable code is logged without counting.
   */
  private async recordFailure(
    row: EmergencyAccessCodeEntity | null,
    owner: UserEntity | null,
    counted: boolean,
    meta: ClientMeta,
  ): Promise<void> {
    const where = await this.geo.lookup(meta.ip);
    // Only the call that disables the code alerts, however many wrong answers race. Its own statement,
    // committed at once, so the code's row is not locked through the alert's transaction.
    const disabledNow = !!row && counted && (await this.repo.disableAtLimit(row.id, EMERGENCY_MAX_FAILURES));
    await this.uow.run(async (tx) => {
      await this.accounts.record(tx, {
        username: owner?.username ?? EMERGENCY_LOG_NAME,
        success: false,
        failureReason: counted ? 'invalid_emergency_answer' : 'invalid_emergency_code',
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        country: where?.country,
        countryCode: where?.countryCode,
      });
      if (!row || !disabledNow) return;
      await this.alerts.raise(tx, {
        alertType: 'security_breach',
        severity: 'high',
        description: `تم تعطيل رمز الطوارئ${row.codeHint ? ` ${row.codeHint}` : ''} بعد ${EMERGENCY_MAX_FAILURES} إجابات خاطئة، آخرها من ${meta.ip}${where?.country ? ` (${where.country})` : ''}`,
        username: owner?.username ?? EMERGENCY_LOG_NAME,
        ipAddress: meta.ip,
        country: where?.country,
        countryCode: where?.countryCode,
        metadata: { emergencyCodeId: row.id },
      });
    });
  }

  private async activeCode(masterCode: string): Promise<EmergencyAccessCodeEntity | null> {
    const row = await this.repo.findByHash(this.codes.hashMasterCode(masterCode));
    if (!row || !row.isActive) return null;
    if (row.expiresAt && row.expiresAt.getTime() <= this.clock.now().getTime()) return null;
    return row;
  }

  private parseExpiry(value: string | null | undefined): Date | null {
    if (value === undefined || value === null || value === '') return null;
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) throw DomainException.validation({ expiresAt: 'تاريخ انتهاء الصلاحية غير صحيح' });
    if (date.getTime() <= this.clock.now().getTime()) {
      throw DomainException.validation({ expiresAt: 'تاريخ انتهاء الصلاحية يجب أن يكون في المستقبل' });
    }
    return date;
  }

  private view(r: EmergencyAccessCodeEntity): EmergencyCodeView {
    return {
      id: r.id,
      masterCode: r.codeHint ?? '****',
      securityQuestion: r.securityQuestion,
      isActive: r.isActive,
      usageCount: r.usageCount,
      lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
      lastUsedBy: r.lastUsedBy,
      expiresAt: r.expiresAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    };
  }
}
