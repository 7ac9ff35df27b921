import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock/clock';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import type { DomainException } from '../../../common/errors/domain.exception';
import { AuthErrors } from '../auth/auth-errors';
import { CODE_BLOCK_MS, CODE_FAILURE_LIMIT, CODE_FAILURE_WINDOW_MS, CODE_ISSUE_WINDOW_MS, CODE_MESSAGES } from './code-limits';
import { SecurityAlertsService } from '../alerts/security-alerts.service';
import { AccountStatusService } from '../status/account-status.service';
import { CodeGuardRepository } from './code-guard.repository';
import { UnitOfWork } from '../../../database/unit-of-work';

export interface CodeAttemptMeta {
  ipAddress?: string | null;
  userAgent?: string | null;
  country?: string | null;
  countryCode?: string | null;
}

/**
 * Code checks (login verification, password reset, password change) are counted per account across
 * codes and addresses, so asking for fresh codes never resets the count. Each check is counted by one
 * atomic statement before the code is compared, so a burst sent at once judges at most
 * CODE_FAILURE_LIMIT codes; a right code gives its check back. The wrong code that reaches the limit
 * blocks the account's checks for 30 minutes, with one security alert. Unknown usernames are counted
 * the same way, so the answers never tell them apart.
 */
@Injectable()
export class CodeGuard {
  constructor(
    private readonly repo: CodeGuardRepository,
    private readonly accounts: AccountStatusService,
    private readonly alerts: SecurityAlertsService,
    private readonly uow: UnitOfWork,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Counts this check before the code is compared; throws 429 while the account's checks are blocked. */
  async reserve(username: string): Promise<void> {
    const now = this.clock.now();
    if (await this.repo.reserve(username, now, new Date(now.getTime() - CODE_FAILURE_WINDOW_MS), CODE_FAILURE_LIMIT)) return;
    const until = (await this.repo.refusedUntil(username, CODE_FAILURE_WINDOW_MS)) ?? new Date(now.getTime() + CODE_BLOCK_MS);
    throw blocked('CODE_CHECKS_BLOCKED', CODE_MESSAGES.blocked, new Date(until), now);
  }

  /** The code was right: its check does not count against the account. */
  release(username: string): Promise<void> {
    return this.repo.release(username);
  }

  /**
   * Records a wrong code in login_attempts; the one that fills the window blocks the account's checks
   * and alerts once. The block is its own statement, committed at once: holding the counter's row
   * lock through the alert's transaction would stall every check queued behind it.
   */
  async recordFailure(username: string, meta: CodeAttemptMeta): Promise<void> {
    const now = this.clock.now();
    const blockedNow = await this.repo.blockAtLimit(username, now, new Date(now.getTime() + CODE_BLOCK_MS), CODE_FAILURE_LIMIT);
    await this.uow.run(async (tx) => {
      await this.accounts.record(tx, { username, success: false, failureReason: 'invalid_verification_code', ...meta });
      if (!blockedNow) return;
      await this.alerts.raise(tx, {
        alertType: 'code_attempts',
        severity: 'high',
        description: `${CODE_FAILURE_LIMIT} رموز تحقق خاطئة خلال 30 دقيقة؛ أوقف التحقق بالرمز لهذا الحساب 30 دقيقة`,
        username,
        ipAddress: meta.ipAddress ?? null,
        country: meta.country ?? null,
        countryCode: meta.countryCode ?? null,
      });
    });
  }

  /** Whether another code may be issued to this account now (3 per 15 minutes by default). */
  async mayIssue(username: string): Promise<boolean> {
    const now = this.clock.now();
    return (await this.repo.codesIssued(username, new Date(now.getTime() - CODE_ISSUE_WINDOW_MS))) < this.config.rateLimits.codesPerAccount;
  }

  /** Throws 429 when this account has had its share of codes (for flows where the caller is known). */
  async assertMayIssue(username: string): Promise<void> {
    if (await this.mayIssue(username)) return;
    const now = this.clock.now();
    throw blocked('TOO_MANY_CODES', CODE_MESSAGES.tooManyCodes, new Date(now.getTime() + CODE_ISSUE_WINDOW_MS), now);
  }
}

function blocked(code: 'CODE_CHECKS_BLOCKED' | 'TOO_MANY_CODES', template: string, until: Date, now: Date): DomainException {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return AuthErrors[code](template.replace('%m', String(Math.ceil(seconds / 60))), { headers: { 'Retry-After': String(seconds) } });
}
