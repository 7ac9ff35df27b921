import { describe, expect, it } from '@jest/globals';
import type { FakeClock } from '../../../common/clock/clock';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, testConfig, TEST_NOW } from '../../../../test/support/test-service';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import { SystemSettingsService } from '../../system/system-settings.service';
import { SecurityAlertsService } from '../alerts/security-alerts.service';
import { CodeGuard } from '../codes/code-guard';
import { VerificationCodes } from '../codes/verification-codes';
import type { UserEntity } from '../entities/user.entity';
import { GeoIpService } from '../geo/geoip.service';
import { PasswordHasher } from '../passwords/password-hasher';
import { SessionService } from '../session/session.service';
import { AccountStatusService, type LoginAttemptRecord } from '../status/account-status.service';
import { AuthService } from './auth.service';
import { AUTH_MESSAGES } from './auth.messages';
import { LoginCodesRepository } from './login-codes.repository';
import { UsersRepository } from './users.repository';

const MINUTE = 60_000;
const HUDA = { id: 3, username: 'huda', password: 'argon2:right-pass', role: 'admin' } as UserEntity;
const RIYADH = { ip: '212.138.64.1', userAgent: 'phone' };
const SA = { countryCode: 'SA', country: 'المملكة العربية السعودية' };
const ADMINS = [
  { whatsapp: '+966501234567', role: 'admin' as const },
  { whatsapp: '+966551112222', role: 'admin' as const },
];

type Status = { id: number; username: string; isFrozen: boolean; frozenUntil: Date | null; failedAttempts: number };

/** AccountStatusService in memory: status rows and login_attempts, read back as the service does. */
class FakeAccounts {
  clock!: FakeClock;
  statuses = new Map<string, Status>();
  attempts: (LoginAttemptRecord & { at: Date })[] = [];
  policy = { maxFailedAttempts: 3, freezeDurationMinutes: 30, allowedCountries: ['SA'] };
  private row(username: string): Status {
    const fresh = { id: this.statuses.size + 1, username, isFrozen: false, frozenUntil: null, failedAttempts: 0 };
    if (!this.statuses.has(username)) this.statuses.set(username, fresh);
    return this.statuses.get(username)!;
  }
  async ensure(username: string) {
    return { ...this.row(username), ...this.policy, geoAlertEnabled: true };
  }
  async lock(_tx: unknown, username: string) {
    return this.ensure(username);
  }
  async update(_tx: unknown, id: number, changes: Partial<Status>) {
    const row = [...this.statuses.values()].find((s) => s.id === id)!;
    Object.assign(row, changes);
  }
  async record(_tx: unknown, attempt: LoginAttemptRecord) {
    this.attempts.push({ ...attempt, at: this.clock.now() });
  }
  async recentFailureSources(_tx: unknown, username: string) {
    return [...new Set(this.attempts.filter((a) => a.username === username && !a.success).map((a) => a.ipAddress!))].reverse();
  }
  async hasSucceededFrom(_tx: unknown, username: string, countryCode: string) {
    return this.attempts.some((a) => a.username === username && a.success && a.countryCode === countryCode);
  }
  async policyForUnknown() {
    return this.policy;
  }
  async unknownNameFailures(_tx: unknown, username: string, since: Date) {
    return this.attempts.filter((a) => a.username === username && a.failureReason === 'invalid_username' && a.at >= since).map((a) => a.at);
  }
  async failuresSince(_tx: unknown, username: string, since: Date) {
    return this.attempts.filter((a) => a.username === username && !a.success && a.at >= since).length;
  }
}

/** login_verification_codes in memory, judged as LoginCodesRepository.judge's contract says. */
class FakeLoginCodes {
  rows: { username: string; verificationCode: string; expiresAt: Date; isUsed: boolean; failedAttempts: number }[] = [];
  async voidPending(_tx: unknown, username: string) {
    for (const r of this.rows) if (r.username === username) r.isUsed = true;
  }
  async insert(_tx: unknown, code: { username: string; verificationCode: string; expiresAt: Date }) {
    this.rows.push({ ...code, isUsed: false, failedAttempts: 0 });
  }
  async judge(username: string, hashed: string, now: Date, max: number) {
    const live = this.rows.findLast((r) => r.username === username && !r.isUsed);
    if (!live || live.expiresAt <= now || live.failedAttempts >= max) return null;
    const matched = live.verificationCode === hashed;
    if (!matched) live.failedAttempts += 1;
    live.isUsed = matched || live.failedAttempts >= max;
    return { matched };
  }
}

function setup({ verification = true, env = {} as Record<string, string> } = {}) {
  const accounts = new FakeAccounts();
  const loginCodes = new FakeLoginCodes();
  const codes = new VerificationCodes(testConfig());
  const t = newTestService(AuthService, {
    env,
    provide: [
      [AccountStatusService, accounts],
      [LoginCodesRepository, loginCodes],
      [VerificationCodes, codes],
    ],
  });
  accounts.clock = t.clock;
  t.mock(UsersRepository).findByUsername.mockImplementation(async (name) => (name === 'huda' ? HUDA : null));
  const hasher = t.mock(PasswordHasher);
  hasher.verify.mockImplementation(async (hash, plain) => hash === `argon2:${plain}`);
  hasher.verifyDummy.mockResolvedValue(false);
  t.mock(GeoIpService).lookup.mockResolvedValue(SA);
  t.mock(AdminNumbersService).recipients.mockResolvedValue(ADMINS);
  t.mock(SystemSettingsService).isOn.mockResolvedValue(verification);
  const sessions = t.mock(SessionService);
  sessions.issue.mockResolvedValue({ token: 'session-jwt', expiresAt: new Date(TEST_NOW.getTime() + 12 * 60 * MINUTE), sessionId: 11 });
  const alerts = t.mock(SecurityAlertsService).raise;
  const alertTypes = () => alerts.mock.calls.map(([, a]) => a.alertType);
  return { ...t, accounts, loginCodes, codes, hasher, sessions, alerts, alertTypes, guard: t.mock(CodeGuard) };
}

const TWILIO = {
  WHATSAPP_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 't',
  TWILIO_FROM: 'whatsapp:+966500000000',
};
const sentCode = (t: ReturnType<typeof setup>, i = 0) => t.uow.sent[i].secretVariables!.code;

describe('AuthService.login: the password and the WhatsApp code', () => {
  it('a right password sends a fresh 6-digit code to every administrator number, valid 5 minutes and stored only hashed', async () => {
    const t = setup({ env: TWILIO });
    await expect(t.sut.login(' Huda ', 'right-pass', RIYADH)).resolves.toEqual({
      requiresVerification: true,
      message: 'تم إرسال رمز التحقق إلى أرقام واتساب المشرفين، وهو صالح لمدة 5 دقائق',
    });
    expect(t.uow.sent).toEqual([
      {
        templateKey: 'verificationCode',
        recipients: ADMINS,
        secretVariables: { code: expect.stringMatching(/^\d{6}$/) },
        reason: 'login_code',
        subject: { type: 'user', id: 'huda' },
      },
    ]);
    const code = sentCode(t);
    const expiresAt = new Date(TEST_NOW.getTime() + 5 * MINUTE);
    expect(t.loginCodes.rows).toEqual([expect.objectContaining({ username: 'huda', verificationCode: t.codes.hash(code), expiresAt })]);
    expect(JSON.stringify(t.loginCodes.rows)).not.toContain(code);
    expect(t.guard.assertMayIssue).toHaveBeenCalledWith('huda');
    expect(t.sessions.issue).not.toHaveBeenCalled();
  });

  it('refuses with 503 naming ADMIN_WHATSAPP_NUMBERS when there is no administrator number, and stores, sends or opens nothing', async () => {
    const t = setup();
    t.mock(AdminNumbersService).recipients.mockResolvedValue([]);
    const error = await refusal(t.sut.login('huda', 'right-pass', RIYADH));
    expect([error.status, error.code, error.message]).toEqual([503, 'NO_ADMIN_NUMBERS', AUTH_MESSAGES.noAdminNumbers]);
    expect(error.message).toContain('ADMIN_WHATSAPP_NUMBERS');
    expect([t.loginCodes.rows, t.uow.sent, t.sessions.issue.mock.calls]).toEqual([[], [], []]);
  });

  it('past its share of codes the account gets no new code and the earlier one stays valid', async () => {
    const t = setup();
    await t.sut.login('huda', 'right-pass', RIYADH);
    t.guard.assertMayIssue.mockRejectedValue(new Error('TOO_MANY_CODES'));
    await expect(t.sut.login('huda', 'right-pass', RIYADH)).rejects.toThrow('TOO_MANY_CODES');
    expect(t.uow.sent).toHaveLength(1);
    await expect(t.sut.verifyLogin('huda', sentCode(t), RIYADH)).resolves.toMatchObject({ token: 'session-jwt' });
  });

  it('with verification off, a right password opens the session at once, even with no administrator number', async () => {
    const t = setup({ verification: false });
    t.mock(AdminNumbersService).recipients.mockResolvedValue([]);
    await expect(t.sut.login('huda', 'right-pass', RIYADH)).resolves.toEqual({
      requiresVerification: false,
      message: 'تم تسجيل الدخول بنجاح',
      token: 'session-jwt',
      user: { id: 3, username: 'huda', role: 'admin' },
      expiresAt: '2026-11-29T18:00:00.000Z',
    });
    expect(t.uow.sent).toEqual([]);
    expect(t.accounts.attempts).toEqual([expect.objectContaining({ username: 'huda', success: true, countryCode: 'SA' })]);
  });
});

describe('AuthService.verifyLogin', () => {
  it('the code sent opens the session once and is refused the second time (the console driver’s answer points to the terminal)', async () => {
    const t = setup();
    await expect(t.sut.login('huda', 'right-pass', RIYADH)).resolves.toEqual({
      requiresVerification: true,
      message: `${AUTH_MESSAGES.codeSent}. ${AUTH_MESSAGES.codeInTerminal}`,
    });
    const grant = await t.sut.verifyLogin('HUDA', sentCode(t), RIYADH);
    expect(grant).toEqual({
      token: 'session-jwt',
      user: { id: 3, username: 'huda', role: 'admin' },
      expiresAt: '2026-11-29T18:00:00.000Z',
    });
    expect(t.sessions.issue).toHaveBeenCalledWith(HUDA, RIYADH);
    expect(t.guard.release).toHaveBeenCalledWith('huda');
    const again = await refusal(t.sut.verifyLogin('huda', sentCode(t), RIYADH));
    expect([again.status, again.code, again.message]).toEqual([401, 'INVALID_VERIFICATION_CODE', 'رمز التحقق غير صحيح أو منتهي الصلاحية']);
    expect(t.sessions.issue).toHaveBeenCalledTimes(1);
  });

  it('refuses a code after its 5 minutes, and a code after 5 wrong tries even when right; each wrong code is counted', async () => {
    const t = setup();
    await t.sut.login('huda', 'right-pass', RIYADH);
    t.clock.advance(5 * MINUTE);
    expect((await refusal(t.sut.verifyLogin('huda', sentCode(t), RIYADH))).code).toBe('INVALID_VERIFICATION_CODE');

    await t.sut.login('huda', 'right-pass', RIYADH);
    const code = sentCode(t, 1);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await refusal(t.sut.verifyLogin('huda', wrong, RIYADH));
    expect((await refusal(t.sut.verifyLogin('huda', code, RIYADH))).code).toBe('INVALID_VERIFICATION_CODE');
    expect(t.guard.reserve).toHaveBeenCalledTimes(7);
    expect(t.guard.recordFailure).toHaveBeenCalledTimes(7);
    expect(t.guard.recordFailure).toHaveBeenCalledWith('huda', expect.objectContaining({ ipAddress: '212.138.64.1', countryCode: 'SA' }));
    expect(t.sessions.issue).not.toHaveBeenCalled();
  });

  it('a new login voids the code sent before it', async () => {
    const t = setup();
    await t.sut.login('huda', 'right-pass', RIYADH);
    await t.sut.login('huda', 'right-pass', RIYADH);
    expect(t.loginCodes.rows.map((r) => r.isUsed)).toEqual([true, false]);
    await expect(t.sut.verifyLogin('huda', sentCode(t, 1), RIYADH)).resolves.toMatchObject({ token: 'session-jwt' });
  });

  it('while code checks are blocked the code is not judged at all (it stays usable after the block)', async () => {
    const t = setup();
    await t.sut.login('huda', 'right-pass', RIYADH);
    t.guard.reserve.mockRejectedValueOnce(new Error('CODE_CHECKS_BLOCKED'));
    await expect(t.sut.verifyLogin('huda', sentCode(t), RIYADH)).rejects.toThrow('CODE_CHECKS_BLOCKED');
    expect(t.loginCodes.rows[0]).toMatchObject({ isUsed: false, failedAttempts: 0 });
  });

  it('an unknown username gets the same refusal, counted against that name', async () => {
    const t = setup();
    const error = await refusal(t.sut.verifyLogin('ghost', '123456', RIYADH));
    expect([error.status, error.code, error.message]).toEqual([401, 'INVALID_VERIFICATION_CODE', AUTH_MESSAGES.invalidCode]);
    expect(t.guard.reserve).toHaveBeenCalledWith('ghost');
    expect(t.guard.recordFailure).toHaveBeenCalledWith('ghost', expect.objectContaining({ username: 'ghost' }));
  });

  it('a right code for an account frozen meanwhile is refused with the minutes left and recorded as account_frozen', async () => {
    const t = setup();
    await t.sut.login('huda', 'right-pass', RIYADH);
    // Frozen by wrong passwords typed elsewhere after this code was sent.
    Object.assign(t.accounts.statuses.get('huda')!, { isFrozen: true, frozenUntil: new Date('2026-11-29T06:25:00Z') });
    const error = await refusal(t.sut.verifyLogin('huda', sentCode(t), RIYADH));
    expect([error.status, error.code, error.options.details?.remainingMinutes]).toEqual([401, 'ACCOUNT_FROZEN', 25]);
    expect(t.accounts.attempts).toEqual([
      {
        username: 'huda',
        success: false,
        failureReason: 'account_frozen',
        ipAddress: '212.138.64.1',
        userAgent: 'phone',
        ...SA,
        at: TEST_NOW,
      },
    ]);
    expect(t.sessions.issue).not.toHaveBeenCalled();
  });

  it('the first sign-in from a country raises a geo_alert; the next from it does not', async () => {
    const t = setup({ verification: false });
    await t.sut.login('huda', 'right-pass', RIYADH);
    expect(t.alerts).toHaveBeenCalledTimes(1);
    await t.sut.login('huda', 'right-pass', RIYADH);
    expect(t.alerts).toHaveBeenCalledTimes(1);
    expect(t.alerts.mock.calls[0][1]).toMatchObject({ alertType: 'geo_alert', severity: 'medium', username: 'huda', countryCode: 'SA' });
    expect(t.alerts.mock.calls[0][1].description).toBe('تسجيل دخول ناجح من دولة لم يُسجَّل الدخول منها من قبل: المملكة العربية السعودية');
  });
});

describe('AuthService.login: wrong passwords and freezing', () => {
  it('a wrong password answers 401 in Arabic and is logged; the second in a row raises a failed_login alert', async () => {
    const t = setup();
    const error = await refusal(t.sut.login('huda', 'wrong', RIYADH));
    expect([error.status, error.code, error.message]).toEqual([401, 'INVALID_CREDENTIALS', 'اسم المستخدم أو كلمة المرور غير صحيحة']);
    expect(t.accounts.attempts).toEqual([
      expect.objectContaining({ username: 'huda', success: false, failureReason: 'invalid_password', ipAddress: '212.138.64.1' }),
    ]);
    expect(t.alerts).not.toHaveBeenCalled();
    await refusal(t.sut.login('huda', 'wrong', RIYADH));
    expect(t.alertTypes()).toEqual(['failed_login']);
    expect(t.uow.sent).toEqual([]);
  });

  it('the 3rd wrong password in a row (any case of the name) freezes password logins for 30 minutes and alerts, leaving open sessions alone', async () => {
    const t = setup();
    await refusal(t.sut.login('Huda', 'wrong', RIYADH));
    await refusal(t.sut.login('huda ', 'wrong', { ip: '5.42.224.1', userAgent: 'laptop' }));
    const error = await refusal(t.sut.login('HUDA', 'wrong', RIYADH));
    expect([error.status, error.code]).toEqual([401, 'ACCOUNT_FROZEN']);
    expect(error.message).toBe(
      `${AUTH_MESSAGES.invalidCredentials}، والحساب مجمّد مؤقتاً بسبب تكرار محاولات الدخول الفاشلة. يرجى المحاولة بعد 30 دقيقة`,
    );
    expect(error.options.details).toEqual({ remainingMinutes: 30, frozenUntil: '2026-11-29T06:30:00.000Z' });
    expect(t.accounts.statuses.get('huda')).toMatchObject({
      isFrozen: true,
      frozenUntil: new Date('2026-11-29T06:30:00Z'),
      failedAttempts: 3,
    });
    const frozen = t.alerts.mock.calls.find(([, a]) => a.alertType === 'account_frozen')![1];
    expect(frozen).toMatchObject({ severity: 'high', username: 'huda' });
    expect(frozen.description).toContain('5.42.224.1');
    expect(frozen.description).toContain('212.138.64.1');
    expect(t.sessions.endAllForUser).not.toHaveBeenCalled();
    expect(t.sessions.end).not.toHaveBeenCalled();
  });

  it('while frozen the right password is refused with the minutes left, without checking it; tries do not extend the freeze, and after it a new run starts', async () => {
    const t = setup();
    for (let i = 0; i < 3; i++) await refusal(t.sut.login('huda', 'wrong', RIYADH));
    t.hasher.verify.mockClear();
    t.clock.advance(20 * MINUTE);
    const error = await refusal(t.sut.login('huda', 'right-pass', RIYADH));
    expect([error.code, error.options.details?.remainingMinutes]).toEqual(['ACCOUNT_FROZEN', 10]);
    expect(error.message).toContain('يرجى المحاولة بعد 10 دقيقة');
    await refusal(t.sut.login('huda', 'wrong', RIYADH));
    expect(t.hasher.verify).not.toHaveBeenCalled();
    expect(t.accounts.statuses.get('huda')!.frozenUntil).toEqual(new Date('2026-11-29T06:30:00Z'));
    expect(t.accounts.attempts.slice(-2).map((a) => a.failureReason)).toEqual(['account_frozen', 'account_frozen']);
    expect(t.uow.sent).toEqual([]);

    // Once the 30 minutes are over, a wrong password starts a new run instead of freezing again.
    t.clock.set('2026-11-29T06:30:00Z');
    expect((await refusal(t.sut.login('huda', 'wrong', RIYADH))).code).toBe('INVALID_CREDENTIALS');
    expect(t.accounts.statuses.get('huda')).toMatchObject({ isFrozen: false, failedAttempts: 1 });
    await expect(t.sut.login('huda', 'right-pass', RIYADH)).resolves.toMatchObject({ requiresVerification: true });
    expect(t.accounts.statuses.get('huda')).toMatchObject({ isFrozen: false, failedAttempts: 0 });
  });

  it('refuses a country the account does not allow with 403, before the password is checked or counted, and alerts', async () => {
    const t = setup();
    t.mock(GeoIpService).lookup.mockResolvedValue({ countryCode: 'US', country: 'الولايات المتحدة' });
    const error = await refusal(t.sut.login('huda', 'right-pass', { ip: '8.8.8.8', userAgent: 'x' }));
    expect([error.status, error.code, error.message]).toEqual([403, 'GEO_BLOCKED', 'لا يُسمح بتسجيل الدخول من موقعك الجغرافي الحالي']);
    expect(t.hasher.verify).not.toHaveBeenCalled();
    expect(t.accounts.attempts.map((a) => a.failureReason)).toEqual(['geo_blocked']);
    expect(t.accounts.statuses.get('huda')!.failedAttempts).toBe(0);
    expect(t.alerts.mock.calls[0][1]).toMatchObject({
      alertType: 'geo_block',
      severity: 'high',
      description: 'محاولة تسجيل دخول من دولة غير مسموحة: الولايات المتحدة',
    });
    expect([t.uow.sent, t.sessions.issue.mock.calls]).toEqual([[], []]);
  });

  it('an unknown username costs the same hashing, answers like a wrong password, and after 3 tries like a frozen account', async () => {
    const t = setup();
    for (let i = 0; i < 2; i++) {
      const error = await refusal(t.sut.login('ghost', 'whatever', RIYADH));
      expect([error.status, error.code, error.message]).toEqual([401, 'INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials]);
    }
    expect(t.hasher.verifyDummy).toHaveBeenCalledTimes(2);
    const third = await refusal(t.sut.login('ghost', 'whatever', RIYADH));
    expect([third.code, third.message]).toEqual(['ACCOUNT_FROZEN', AUTH_MESSAGES.frozen(30)]);
    expect(t.accounts.attempts.map((a) => a.failureReason)).toEqual(['invalid_username', 'invalid_username', 'invalid_username']);
    expect(t.accounts.statuses.has('ghost')).toBe(false);
  });
});
