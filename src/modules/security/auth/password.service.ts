import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_LOGGER } from '../../../common/logging/logger';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import { passwordProblem } from '../../../shared/password';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import { CODE_MAX_FAILED_ATTEMPTS, CODE_TTL_MS, VerificationCodes } from '../codes/verification-codes';
import { CodeAttemptMeta, CodeGuard } from '../codes/code-guard';
import { PasswordChangePurpose } from '../entities/password-change-request.entity';
import { UserEntity } from '../entities/user.entity';
import { PasswordHasher } from '../passwords/password-hasher';
import { SessionService } from '../session/session.service';
import { AUTH_MESSAGES } from './auth.messages';
import { PasswordRequestsRepository } from './password-requests.repository';
import { UsersRepository } from './users.repository';
import { normalizeUsername } from '../../../shared/username';
import { UnitOfWork } from '../../../database/unit-of-work';
import { MessagingErrors } from '../../messaging/messaging-errors';
import { AuthErrors } from './auth-errors';

/**
 * Password reset (signed out) and change (signed in), both confirmed with a WhatsApp code sent to every
 * administrator number. Requests live in password_change_requests with their purpose.
 */
@Injectable()
export class PasswordService implements OnApplicationShutdown {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    @Inject(APP_LOGGER) private readonly logger: Logger,
    private readonly users: UsersRepository,
    private readonly requests: PasswordRequestsRepository,
    @Inject(Clock) private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly codes: VerificationCodes,
    private readonly sessions: SessionService,
    private readonly uow: UnitOfWork,
    private readonly adminNumbers: AdminNumbersService,
    private readonly guard: CodeGuard,
  ) {}

  /**
   * Answers the same, in the same time, whether or not the username exists: the answer is given once
   * an administrator number is known to exist, and the account's work (look-up, code, message) runs
   * after it.
   */
  async requestReset(rawUsername: string): Promise<{ message: string }> {
    // Checked before anything else, so that a missing number does not tell users apart.
    await this.recipientsOrFail();
    const work = this.issueReset(normalizeUsername(rawUsername))
      .catch((error: unknown) => this.logger.error({ err: error }, 'password reset code could not be issued'))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
    return { message: AUTH_MESSAGES.resetRequested };
  }

  /** Shutting down waits for reset codes being issued, so none is cut in half. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private async issueReset(username: string): Promise<void> {
    const user = await this.users.findByUsername(username);
    // Past 3 codes in 15 minutes nothing is sent (the caller was answered the same either way).
    if (!user || !(await this.guard.mayIssue(user.username))) return;
    const code = this.codes.generate();
    await this.issue(user, 'reset', code, this.codes.hash(code), null);
  }

  async confirmReset(
    rawUsername: string,
    code: string,
    newPassword: string,
    meta: CodeAttemptMeta = {},
  ): Promise<{ success: true; message: string }> {
    assertAcceptable(newPassword);
    const username = normalizeUsername(rawUsername);
    await this.guard.reserve(username);
    const user = await this.users.findByUsername(username);
    const hash = await this.hasher.hash(newPassword);
    const { user: found, request } = await this.counted(username, meta, async () => {
      if (!user) throw invalidCode();
      return { user, request: await this.consume(user.id, 'reset', code) };
    });
    // The new password, the request's clearing and the end of every session stand or fall together.
    await this.uow.run(async (tx) => {
      await this.users.setPassword(tx, found.id, hash, this.clock.now());
      await this.requests.clearNewPasswordHash(tx, request.id);
      await this.sessions.endAllForUser(tx, found.id, 'password_reset');
    });
    return { success: true, message: AUTH_MESSAGES.resetDone };
  }

  async requestChange(userId: number, newPassword: string): Promise<{ requiresVerification: true; message: string }> {
    assertAcceptable(newPassword);
    const user = await this.users.findById(userId);
    if (!user) throw DomainException.unauthorized();
    await this.guard.assertMayIssue(user.username);
    const code = this.codes.generate();
    await this.issue(user, 'change', code, this.codes.hash(code), await this.hasher.hash(newPassword));
    return { requiresVerification: true, message: AUTH_MESSAGES.changeRequested };
  }

  async confirmChange(
    userId: number,
    sessionId: number,
    code: string,
    meta: CodeAttemptMeta = {},
  ): Promise<{ success: true; message: string }> {
    const user = await this.users.findById(userId);
    if (!user) throw DomainException.unauthorized();
    await this.guard.reserve(user.username);
    const request = await this.counted(user.username, meta, () => this.consume(userId, 'change', code));
    if (!request.newPasswordHash) throw invalidCode();
    const newPasswordHash = request.newPasswordHash;
    await this.uow.run(async (tx) => {
      await this.users.setPassword(tx, userId, newPasswordHash, this.clock.now());
      await this.requests.clearNewPasswordHash(tx, request.id);
      await this.sessions.endAllForUser(tx, userId, 'password_changed', sessionId);
    });
    return { success: true, message: AUTH_MESSAGES.changeDone };
  }

  /**
   * Runs a code check whose try the guard has counted: a right code gives the try back, a wrong one
   * is logged against the account (and blocks and alerts at the limit).
   */
  private async counted<T>(username: string, meta: CodeAttemptMeta, check: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await check();
    } catch (error) {
      if (error instanceof DomainException && error.code === 'INVALID_VERIFICATION_CODE') {
        await this.guard.recordFailure(username, meta);
      }
      throw error;
    }
    await this.guard.release(username);
    return result;
  }

  private async recipientsOrFail() {
    const recipients = await this.adminNumbers.recipients();
    if (!recipients.length) throw MessagingErrors.NO_ADMIN_NUMBERS(AUTH_MESSAGES.noAdminNumbers);
    return recipients;
  }

  private async issue(user: UserEntity, purpose: PasswordChangePurpose, code: string, hashed: string, newPasswordHash: string | null) {
    const recipients = await this.recipientsOrFail();
    const now = this.clock.now();
    await this.uow.run(async (tx) => {
      await this.requests.voidPending(tx, user.id, purpose);
      await this.requests.insert(tx, {
        userId: user.id,
        purpose,
        verificationCode: hashed,
        newPasswordHash,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      });
      await tx.send({
        templateKey: 'verificationCode',
        recipients,
        secretVariables: { code },
        reason: purpose === 'reset' ? 'password_reset_code' : 'password_change_code',
        subject: { type: 'user', id: user.id },
      });
    });
  }

  /** The pending request of this purpose if `code` is its code, used up in the same statement; 5 wrong tries void it. */
  private async consume(
    userId: number,
    purpose: PasswordChangePurpose,
    code: string,
  ): Promise<{ id: number; newPasswordHash: string | null }> {
    const judged = await this.requests.judge(userId, purpose, this.codes.hash(code), this.clock.now(), CODE_MAX_FAILED_ATTEMPTS);
    if (!judged?.matched) throw invalidCode();
    return judged;
  }
}

function invalidCode(): DomainException {
  return AuthErrors.INVALID_VERIFICATION_CODE();
}

function assertAcceptable(newPassword: string): void {
  const problem = passwordProblem(newPassword);
  if (problem) throw DomainException.validation({ newPassword: problem }, problem);
}
