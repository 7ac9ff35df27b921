import { CodeGuard } from '../codes/code-guard';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import { SETTING_KEYS, SystemSettingsService } from '../../system/system-settings.service';
import { SecurityAlertsService } from '../alerts/security-alerts.service';
import { CODE_MAX_FAILED_ATTEMPTS, CODE_TTL_MS, VerificationCodes } from '../codes/verification-codes';
import { UserEntity } from '../entities/user.entity';
import { GeoIpService, GeoLocation } from '../geo/geoip.service';
import { PasswordHasher } from '../passwords/password-hasher';
import { SessionService } from '../session/session.service';
import { AccountStatusService, isFrozenAt, LoginAttemptRecord, remainingMinutes } from '../status/account-status.service';
import { phantomFreezeUntil } from '../status/phantom-freeze';
import { AUTH_MESSAGES } from './auth.messages';
import { ClientMeta, LoginResult, SessionGrant } from './auth.types';
import { LoginCodesRepository } from './login-codes.repository';
import { UsersRepository } from './users.repository';
import { UnitOfWork, type Tx } from '../../../database/unit-of-work';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { normalizeUsername } from '../../../shared/username';
import { MessagingErrors } from '../../messaging/messaging-errors';
import { AuthErrors } from './auth-errors';

/** Failures (per username) in this window before a failed_login alert, for known and unknown names. */
const FAILED_LOGIN_ALERT_AT = 2;
const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** How far back the wrong passwords of an unknown username are read (an account's run never expires). */
const UNKNOWN_NAME_MEMORY_MS = 7 * 24 * 60 * 60 * 1000;

type LoginAttemptBase = Omit<LoginAttemptRecord, 'success' | 'failureReason'> & { username: string };

/**
 * Signing in: password, WhatsApp code, freezing, allowed countries, alerts. Every attempt is recorded
 * in login_attempts; errors are thrown only after the records are committed.
 */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly loginCodes: LoginCodesRepository,
    @Inject(Clock) private readonly clock: Clock,
    private readonly sessions: SessionService,
    private readonly hasher: PasswordHasher,
    private readonly codes: VerificationCodes,
    private readonly geo: GeoIpService,
    private readonly accounts: AccountStatusService,
    private readonly alerts: SecurityAlertsService,
    private readonly uow: UnitOfWork,
    private readonly adminNumbers: AdminNumbersService,
    private readonly settings: SystemSettingsService,
    private readonly guard: CodeGuard,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async login(rawUsername: string, password: string, meta: ClientMeta): Promise<LoginResult> {
    const username = normalizeUsername(rawUsername);
    const where = await this.geo.lookup(meta.ip);
    const base = { username, ipAddress: meta.ip, userAgent: meta.userAgent, country: where?.country, countryCode: where?.countryCode };
    const user = await this.users.findByUsername(username);

    if (!user) {
      await this.hasher.verifyDummy(password);
      return this.refuseUnknown(username, base, meta, where);
    }

    const status = await this.accounts.ensure(username);
    const now = this.clock.now();
    if (isFrozenAt(status, now)) {
      // Same work as a real check; the answer does not depend on the password.
      await this.hasher.verifyDummy(password);
      await this.uow.run((tx) => this.accounts.record(tx, { ...base, success: false, failureReason: 'account_frozen' }));
      throw this.frozenError(status.frozenUntil!, now);
    }

    if (where && !status.allowedCountries.includes(where.countryCode)) {
      await this.hasher.verifyDummy(password);
      await this.uow.run((tx) => this.recordGeoBlock(tx, base, where));
      throw AuthErrors.GEO_BLOCKED();
    }

    const passwordOk = await this.hasher.verify(user.password, password);
    if (!passwordOk) {
      const outcome = await this.uow.run(async (tx) => {
        const s = await this.accounts.lock(tx, username);
        const at = this.clock.now();
        if (isFrozenAt(s, at)) {
          await this.accounts.record(tx, { ...base, success: false, failureReason: 'account_frozen' });
          return { frozenUntil: s.frozenUntil!, justFrozen: false };
        }
        const failed = (s.isFrozen ? 0 : s.failedAttempts) + 1;
        await this.accounts.record(tx, { ...base, success: false, failureReason: 'invalid_password' });
        if (failed >= s.maxFailedAttempts) {
          const frozenUntil = new Date(at.getTime() + s.freezeDurationMinutes * 60_000);
          const sources = await this.accounts.recentFailureSources(tx, username, failed);
          await this.accounts.update(tx, s.id, {
            failedAttempts: failed,
            lastFailedAttempt: at,
            isFrozen: true,
            frozenAt: at,
            frozenUntil,
          });
          await this.alerts.raise(tx, {
            alertType: 'account_frozen',
            severity: 'high',
            // Where the failures came from, so the owner can tell a typo from a stranger.
            description: `تم تجميد الحساب لمدة ${s.freezeDurationMinutes} دقيقة بعد ${failed} محاولات دخول فاشلة من: ${sources.join('، ') || meta.ip}. الجلسات المفتوحة باقية، وتسجيل الدخول بكلمة المرور متوقف حتى انتهاء المدة`,
            username,
            ipAddress: meta.ip,
            country: where?.country,
            countryCode: where?.countryCode,
          });
          return { frozenUntil, justFrozen: true };
        }
        await this.accounts.update(tx, s.id, {
          failedAttempts: failed,
          lastFailedAttempt: at,
          isFrozen: false,
          frozenAt: null,
          frozenUntil: null,
        });
        if (failed >= FAILED_LOGIN_ALERT_AT) {
          await this.alerts.raise(tx, {
            alertType: 'failed_login',
            severity: 'medium',
            description: `${failed} محاولات دخول فاشلة متتالية بكلمة مرور خاطئة`,
            username,
            ipAddress: meta.ip,
            country: where?.country,
            countryCode: where?.countryCode,
          });
        }
        return null;
      });
      // A freeze stops password logins only: open sessions stay, or three wrong passwords typed by
      // anyone would sign the administrator out (a password change or reset still ends them).
      if (outcome) throw this.frozenError(outcome.frozenUntil, this.clock.now());
      throw AuthErrors.INVALID_CREDENTIALS();
    }

    // The password is right: the run of wrong passwords is over.
    const stillFrozen = await this.uow.run(async (tx) => {
      const s = await this.accounts.lock(tx, username);
      const at = this.clock.now();
      if (isFrozenAt(s, at)) return s.frozenUntil;
      await this.accounts.update(tx, s.id, { failedAttempts: 0, isFrozen: false, frozenAt: null, frozenUntil: null });
      return null;
    });
    if (stillFrozen) throw this.frozenError(stillFrozen, this.clock.now());

    if (await this.settings.isOn(SETTING_KEYS.adminVerificationRequired, true)) {
      await this.sendLoginCode(username, meta);
      // With the console driver (development only) the code is printed, not sent: say where to look.
      const message =
        this.config.whatsapp.provider === 'console' ? `${AUTH_MESSAGES.codeSent}. ${AUTH_MESSAGES.codeInTerminal}` : AUTH_MESSAGES.codeSent;
      return { requiresVerification: true, message };
    }
    const grant = await this.completeLogin(user, meta, where);
    return { requiresVerification: false, message: AUTH_MESSAGES.loggedIn, ...grant };
  }

  async verifyLogin(rawUsername: string, code: string, meta: ClientMeta): Promise<SessionGrant> {
    const username = normalizeUsername(rawUsername);
    const where = await this.geo.lookup(meta.ip);
    const base = { username, ipAddress: meta.ip, userAgent: meta.userAgent, country: where?.country, countryCode: where?.countryCode };
    const now = this.clock.now();
    // Counted per account across codes and addresses before the code is compared: fresh codes never
    // reset the count, and a burst of calls judges no more than the limit.
    await this.guard.reserve(username);
    const user = await this.users.findByUsername(username);
    // One statement judges the code and uses it up: racing calls never share it, and a late wrong
    // code never makes a used one usable again.
    const judged = user ? await this.loginCodes.judge(username, this.codes.hash(code), now, CODE_MAX_FAILED_ATTEMPTS) : null;
    if (!user || !judged?.matched) {
      await this.guard.recordFailure(username, base);
      throw AuthErrors.INVALID_VERIFICATION_CODE();
    }
    await this.guard.release(username);

    const status = await this.accounts.ensure(username);
    if (isFrozenAt(status, now)) {
      await this.uow.run((tx) => this.accounts.record(tx, { ...base, success: false, failureReason: 'account_frozen' }));
      throw this.frozenError(status.frozenUntil!, now);
    }
    if (where && !status.allowedCountries.includes(where.countryCode)) {
      await this.uow.run((tx) => this.accounts.record(tx, { ...base, success: false, failureReason: 'geo_blocked' }));
      throw AuthErrors.GEO_BLOCKED();
    }
    return this.completeLogin(user, meta, where);
  }

  /** A new code for this username (the old one is void), sent to every administrator number. */
  private async sendLoginCode(username: string, meta: ClientMeta): Promise<void> {
    const recipients = await this.adminNumbers.recipients();
    if (!recipients.length) throw MessagingErrors.NO_ADMIN_NUMBERS(AUTH_MESSAGES.noAdminNumbers);
    await this.guard.assertMayIssue(username);
    const code = this.codes.generate();
    const now = this.clock.now();
    await this.uow.run(async (tx) => {
      await this.loginCodes.voidPending(tx, username);
      await this.loginCodes.insert(tx, {
        username,
        verificationCode: this.codes.hash(code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
        ipAddress: meta.ip.slice(0, 64),
        userAgent: meta.userAgent.slice(0, 500),
      });
      await tx.send({
        templateKey: 'verificationCode',
        recipients,
        secretVariables: { code },
        reason: 'login_code',
        subject: { type: 'user', id: username },
      });
    });
  }

  /** Opens the session, records the success and raises a geo_alert for a country never seen before. */
  private async completeLogin(user: UserEntity, meta: ClientMeta, where: GeoLocation | null): Promise<SessionGrant> {
    const session = await this.sessions.issue(user, { ip: meta.ip, userAgent: meta.userAgent });
    await this.uow.run(async (tx) => {
      const s = await this.accounts.lock(tx, user.username);
      if (where && s.geoAlertEnabled && !(await this.accounts.hasSucceededFrom(tx, user.username, where.countryCode))) {
        await this.alerts.raise(tx, {
          alertType: 'geo_alert',
          severity: 'medium',
          description: `تسجيل دخول ناجح من دولة لم يُسجَّل الدخول منها من قبل: ${where.country}`,
          username: user.username,
          ipAddress: meta.ip,
          country: where.country,
          countryCode: where.countryCode,
        });
      }
      await this.accounts.record(tx, {
        username: user.username,
        success: true,
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        country: where?.country,
        countryCode: where?.countryCode,
      });
      await this.accounts.update(tx, s.id, { failedAttempts: 0, lastSuccessfulLogin: this.clock.now() });
    });
    return {
      token: session.token,
      user: { id: user.id, username: user.username, role: user.role },
      expiresAt: session.expiresAt.toISOString(),
    };
  }

  private async alertRepeatedFailures(tx: Tx, username: string, meta: ClientMeta, where: GeoLocation | null) {
    const since = new Date(this.clock.now().getTime() - FAILED_LOGIN_WINDOW_MS);
    const failures = await this.accounts.failuresSince(tx, username, since);
    if (failures < FAILED_LOGIN_ALERT_AT) return;
    await this.alerts.raise(tx, {
      alertType: 'failed_login',
      severity: failures >= 5 ? 'high' : 'medium',
      description: `${failures} محاولات دخول فاشلة باسم مستخدم غير مسجل خلال 15 دقيقة`,
      username,
      ipAddress: meta.ip,
      country: where?.country,
      countryCode: where?.countryCode,
    });
  }

  /**
   * A username that is not an account gets the answers an account would get: frozen after the same run
   * of wrong passwords (the first account's rules), refused from a country that account does not
   * allow, otherwise "wrong username or password". Every try is logged as an unknown username.
   */
  private async refuseUnknown(username: string, base: LoginAttemptBase, meta: ClientMeta, where: GeoLocation | null): Promise<never> {
    const policy = await this.accounts.policyForUnknown();
    const now = this.clock.now();
    const frozenUntil = await this.uow.run(async (tx) => {
      const failures = await this.accounts.unknownNameFailures(tx, username, new Date(now.getTime() - UNKNOWN_NAME_MEMORY_MS));
      const frozen = phantomFreezeUntil(failures, policy);
      if (frozen && frozen > now) {
        await this.accounts.record(tx, { ...base, success: false, failureReason: 'invalid_username' });
        return frozen;
      }
      if (where && !policy.allowedCountries.includes(where.countryCode)) {
        await this.recordGeoBlock(tx, base, where);
        return 'geo' as const;
      }
      await this.accounts.record(tx, { ...base, success: false, failureReason: 'invalid_username' });
      await this.alertRepeatedFailures(tx, username, meta, where);
      const next = phantomFreezeUntil([...failures, now], policy);
      return next && next > now ? next : null;
    });
    if (frozenUntil === 'geo') throw AuthErrors.GEO_BLOCKED();
    if (frozenUntil) throw this.frozenError(frozenUntil, this.clock.now());
    throw AuthErrors.INVALID_CREDENTIALS();
  }

  private async recordGeoBlock(tx: Tx, base: LoginAttemptBase, where: GeoLocation): Promise<void> {
    await this.accounts.record(tx, { ...base, success: false, failureReason: 'geo_blocked' });
    await this.alerts.raise(tx, {
      alertType: 'geo_block',
      severity: 'high',
      description: `محاولة تسجيل دخول من دولة غير مسموحة: ${where.country}`,
      username: base.username,
      ipAddress: base.ipAddress,
      country: where.country,
      countryCode: where.countryCode,
    });
  }

  private frozenError(frozenUntil: Date, now: Date): DomainException {
    const minutes = remainingMinutes(frozenUntil, now);
    return AuthErrors.ACCOUNT_FROZEN(AUTH_MESSAGES.frozen(minutes), {
      details: { remainingMinutes: minutes, frozenUntil: frozenUntil.toISOString() },
    });
  }

  /** The session behind a valid token, for GET /api/auth/verify. */
  async currentSession(sessionId: number): Promise<{ user: { id: number; username: string; role: string }; expiresAt: string }> {
    const found = await this.sessions.describe(sessionId);
    if (!found) throw DomainException.unauthorized();
    return { user: { id: found.user.id, username: found.user.username, role: found.user.role }, expiresAt: found.expiresAt.toISOString() };
  }

  /** Logout: ends the token's session when the token is valid; answers the same either way. */
  async logout(authorization: string | undefined): Promise<void> {
    const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
    if (token) await this.sessions.endByToken(token, 'logout');
  }
}
