import { describe, expect, it, jest } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, testConfig, TEST_NOW } from '../../../../test/support/test-service';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import { CodeGuard } from '../codes/code-guard';
import { VerificationCodes } from '../codes/verification-codes';
import type { PasswordChangePurpose } from '../entities/password-change-request.entity';
import type { UserEntity } from '../entities/user.entity';
import { PasswordHasher } from '../passwords/password-hasher';
import { SessionService } from '../session/session.service';
import { AUTH_MESSAGES } from './auth.messages';
import { PasswordRequestsRepository } from './password-requests.repository';
import { PasswordService } from './password.service';
import { UsersRepository } from './users.repository';

const MINUTE = 60_000;
const HUDA = { id: 3, username: 'huda', password: 'argon2:old-pass', role: 'admin' } as UserEntity;
const ADMINS = [
  { whatsapp: '+966501234567', role: 'admin' as const },
  { whatsapp: '+966551112222', role: 'admin' as const },
];
const META = { ipAddress: '212.138.64.1', userAgent: 'phone', country: 'المملكة العربية السعودية', countryCode: 'SA' };

interface Request {
  id: number;
  userId: number;
  purpose: PasswordChangePurpose;
  verificationCode: string;
  newPasswordHash: string | null;
  expiresAt: Date;
  isUsed: boolean;
  failedAttempts: number;
}

/** password_change_requests in memory, judged as PasswordRequestsRepository.judge's contract says. */
class FakeRequests {
  rows: Request[] = [];
  async voidPending(_tx: unknown, userId: number, purpose: PasswordChangePurpose) {
    for (const r of this.rows) if (r.userId === userId && r.purpose === purpose) Object.assign(r, { isUsed: true, newPasswordHash: null });
  }
  async insert(_tx: unknown, request: Omit<Request, 'id' | 'isUsed' | 'failedAttempts'>) {
    this.rows.push({ ...request, id: this.rows.length + 1, isUsed: false, failedAttempts: 0 });
  }
  async judge(userId: number, purpose: PasswordChangePurpose, hashed: string, now: Date, max: number) {
    const live = this.rows.findLast((r) => r.userId === userId && r.purpose === purpose && !r.isUsed);
    if (!live || live.expiresAt <= now || live.failedAttempts >= max) return null;
    const matched = live.verificationCode === hashed;
    if (!matched) live.failedAttempts += 1;
    live.isUsed = matched || live.failedAttempts >= max;
    return { id: live.id, matched, newPasswordHash: live.newPasswordHash };
  }
  /** The transaction each cleared hash was cleared in. */
  cleared: unknown[] = [];
  async clearNewPasswordHash(tx: unknown, id: number) {
    this.cleared.push(tx);
    this.rows.find((r) => r.id === id)!.newPasswordHash = null;
  }
}

function setup() {
  const requests = new FakeRequests();
  const codes = new VerificationCodes(testConfig());
  const t = newTestService(PasswordService, {
    provide: [
      [PasswordRequestsRepository, requests],
      [VerificationCodes, codes],
    ],
  });
  const users = t.mock(UsersRepository);
  users.findByUsername.mockImplementation(async (name) => (name === 'huda' ? HUDA : null));
  users.findById.mockImplementation(async (id) => (id === 3 ? HUDA : null));
  t.mock(PasswordHasher).hash.mockImplementation(async (plain) => `argon2:${plain}`);
  t.mock(AdminNumbersService).recipients.mockResolvedValue(ADMINS);
  const guard = t.mock(CodeGuard);
  guard.mayIssue.mockResolvedValue(true);
  return { ...t, requests, codes, users, guard, sessions: t.mock(SessionService) };
}

/** Asks for a reset and waits for the code to be issued (it is issued after the answer). */
async function requestReset(t: ReturnType<typeof setup>, username = 'huda') {
  const answer = await t.sut.requestReset(username);
  await t.sut.onApplicationShutdown();
  return answer;
}
const sentCode = (t: ReturnType<typeof setup>) => t.uow.sent.at(-1)!.secretVariables!.code;
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('PasswordService: reset (signed out)', () => {
  it('answers the same whether or not the username exists; only a real account’s code goes to every administrator number', async () => {
    const t = setup();
    expect(await requestReset(t, 'ghost')).toEqual({ message: AUTH_MESSAGES.resetRequested });
    expect(t.uow.sent).toEqual([]);
    expect(await requestReset(t, ' Huda ')).toEqual({ message: AUTH_MESSAGES.resetRequested });
    expect(t.uow.sent).toEqual([
      {
        templateKey: 'verificationCode',
        recipients: ADMINS,
        secretVariables: { code: expect.stringMatching(/^\d{6}$/) },
        reason: 'password_reset_code',
        subject: { type: 'user', id: 3 },
      },
    ]);
    expect(t.requests.rows).toEqual([
      expect.objectContaining({ userId: 3, purpose: 'reset', verificationCode: t.codes.hash(sentCode(t)), newPasswordHash: null }),
    ]);
    expect(t.requests.rows[0].expiresAt).toEqual(new Date(TEST_NOW.getTime() + 5 * MINUTE));
  });

  it('refuses with 503 when there is no administrator number, before the username is even looked up', async () => {
    const t = setup();
    t.mock(AdminNumbersService).recipients.mockResolvedValue([]);
    const error = await refusal(t.sut.requestReset('ghost'));
    expect([error.status, error.code, error.message]).toEqual([503, 'NO_ADMIN_NUMBERS', AUTH_MESSAGES.noAdminNumbers]);
    expect(t.users.findByUsername).not.toHaveBeenCalled();
  });

  it('past the account’s share of codes nothing is sent, and the answer is the same; a failure is logged, not shown', async () => {
    const t = setup();
    t.guard.mayIssue.mockResolvedValue(false);
    expect(await requestReset(t)).toEqual({ message: AUTH_MESSAGES.resetRequested });
    expect([t.uow.sent, t.requests.rows]).toEqual([[], []]);

    t.users.findByUsername.mockRejectedValue(new Error('database is away'));
    expect(await requestReset(t)).toEqual({ message: AUTH_MESSAGES.resetRequested });
    expect(t.logLines.join('')).toContain('password reset code could not be issued');
  });

  it('the right code sets the new password’s hash, ends every session of the account, and is used up', async () => {
    const t = setup();
    await requestReset(t);
    const code = sentCode(t);
    expect(await t.sut.confirmReset('HUDA', code, 'new-pass-2026', META)).toEqual({ success: true, message: AUTH_MESSAGES.resetDone });
    expect(t.users.setPassword).toHaveBeenCalledWith(expect.anything(), 3, 'argon2:new-pass-2026', TEST_NOW);
    expect(t.sessions.endAllForUser).toHaveBeenCalledWith(expect.anything(), 3, 'password_reset');
    expect(t.guard.release).toHaveBeenCalledWith('huda');
    expect((await refusal(t.sut.confirmReset('huda', code, 'other-pass-2026', META))).code).toBe('INVALID_VERIFICATION_CODE');
    expect(t.users.setPassword).toHaveBeenCalledTimes(1);
  });

  it('sets the password, clears the request and ends the sessions in one transaction; a failure there keeps none of them', async () => {
    const t = setup();
    await requestReset(t);
    expect(t.uow.commits).toBe(1); // the code's issuing
    await t.sut.confirmReset('huda', sentCode(t), 'new-pass-2026', META);
    expect(t.uow.commits).toBe(2);
    const [tx] = t.users.setPassword.mock.calls[0];
    expect(tx).toBeDefined();
    expect(t.requests.cleared).toEqual([tx]);
    expect(t.sessions.endAllForUser.mock.calls[0][0]).toBe(tx);

    await requestReset(t);
    t.sessions.endAllForUser.mockRejectedValueOnce(new Error('database is away'));
    await expect(t.sut.confirmReset('huda', sentCode(t), 'new-pass-2027', META)).rejects.toThrow('database is away');
    expect(t.uow.commits).toBe(3); // the second code's issuing; the reset itself rolled back
    const [rolledBack] = t.users.setPassword.mock.calls[1];
    expect(rolledBack).toBeDefined();
    expect(t.requests.cleared[1]).toBe(rolledBack);
    expect(t.sessions.endAllForUser.mock.calls[1][0]).toBe(rolledBack);
  });

  it('a wrong code, an expired one or an unknown username: 401 in Arabic, counted against the account, nothing changed', async () => {
    const t = setup();
    await requestReset(t);
    const code = sentCode(t);
    const cases = [
      () => t.sut.confirmReset('huda', wrongFor(code), 'new-pass-2026', META),
      () => t.sut.confirmReset('ghost', code, 'new-pass-2026', META),
      () => (t.clock.advance(5 * MINUTE), t.sut.confirmReset('huda', code, 'new-pass-2026', META)),
    ];
    for (const attempt of cases) {
      const error = await refusal(attempt());
      expect([error.status, error.code, error.message]).toEqual([
        401,
        'INVALID_VERIFICATION_CODE',
        'رمز التحقق غير صحيح أو منتهي الصلاحية',
      ]);
    }
    expect(t.guard.recordFailure.mock.calls).toEqual([
      ['huda', META],
      ['ghost', META],
      ['huda', META],
    ]);
    expect(t.users.setPassword).not.toHaveBeenCalled();
    expect(t.sessions.endAllForUser).not.toHaveBeenCalled();
  });

  it('refuses a weak new password (400 on newPassword) before the code is checked, so no try is spent', async () => {
    const t = setup();
    await requestReset(t);
    const error = await refusal(t.sut.confirmReset('huda', sentCode(t), '123456', META));
    expect([error.status, error.code, error.options.errors]).toEqual([400, 'VALIDATION_FAILED', { newPassword: error.message }]);
    expect(error.message).toBe('كلمة المرور هذه شائعة وسهلة التخمين، يرجى اختيار كلمة مرور أقوى');
    expect(t.guard.reserve).not.toHaveBeenCalled();
    expect(t.requests.rows[0]).toMatchObject({ isUsed: false, failedAttempts: 0 });
  });
});

describe('PasswordService: change (signed in)', () => {
  it('keeps only the new password’s hash until the code confirms it, and sends the code to every administrator number', async () => {
    const t = setup();
    expect(await t.sut.requestChange(3, 'new-pass-2026')).toEqual({ requiresVerification: true, message: AUTH_MESSAGES.changeRequested });
    expect(t.uow.sent).toEqual([
      expect.objectContaining({ recipients: ADMINS, reason: 'password_change_code', subject: { type: 'user', id: 3 } }),
    ]);
    expect(t.requests.rows).toEqual([expect.objectContaining({ purpose: 'change', newPasswordHash: 'argon2:new-pass-2026' })]);
    expect(t.users.setPassword).not.toHaveBeenCalled();
    expect(t.guard.assertMayIssue).toHaveBeenCalledWith('huda');
  });

  it('sends nothing when the account has had its share of codes', async () => {
    const t = setup();
    t.guard.assertMayIssue.mockRejectedValue(new Error('TOO_MANY_CODES'));
    await expect(t.sut.requestChange(3, 'new-pass-2026')).rejects.toThrow('TOO_MANY_CODES');
    expect([t.uow.sent, t.requests.rows]).toEqual([[], []]);
  });

  it('the right code sets the waiting password and ends the other sessions, keeping the one that asked', async () => {
    const t = setup();
    await t.sut.requestChange(3, 'new-pass-2026');
    expect(await t.sut.confirmChange(3, 11, sentCode(t), META)).toEqual({ success: true, message: AUTH_MESSAGES.changeDone });
    expect(t.users.setPassword).toHaveBeenCalledWith(expect.anything(), 3, 'argon2:new-pass-2026', TEST_NOW);
    expect(t.sessions.endAllForUser).toHaveBeenCalledWith(expect.anything(), 3, 'password_changed', 11);
    expect(t.requests.rows[0].newPasswordHash).toBeNull();
  });

  it('sets the waiting password, clears it and ends the other sessions in one transaction; a failure there keeps none of them', async () => {
    const t = setup();
    await t.sut.requestChange(3, 'new-pass-2026');
    expect(t.uow.commits).toBe(1);
    await t.sut.confirmChange(3, 11, sentCode(t), META);
    expect(t.uow.commits).toBe(2);
    const [tx] = t.users.setPassword.mock.calls[0];
    expect(tx).toBeDefined();
    expect(t.requests.cleared).toEqual([tx]);
    expect(t.sessions.endAllForUser.mock.calls[0][0]).toBe(tx);

    await t.sut.requestChange(3, 'new-pass-2027');
    t.sessions.endAllForUser.mockRejectedValueOnce(new Error('database is away'));
    await expect(t.sut.confirmChange(3, 11, sentCode(t), META)).rejects.toThrow('database is away');
    expect(t.uow.commits).toBe(3);
    const [rolledBack] = t.users.setPassword.mock.calls[1];
    expect(rolledBack).toBeDefined();
    expect(t.requests.cleared[1]).toBe(rolledBack);
    expect(t.sessions.endAllForUser.mock.calls[1][0]).toBe(rolledBack);
  });

  it('a reset code does not confirm a change, and after 5 wrong codes even the right one is refused', async () => {
    const t = setup();
    jest.spyOn(t.codes, 'generate').mockReturnValueOnce('135790').mockReturnValueOnce('246802');
    await requestReset(t);
    await t.sut.requestChange(3, 'new-pass-2026');
    for (const wrong of ['135790', '000000', '000000', '000000', '000000'])
      expect((await refusal(t.sut.confirmChange(3, 11, wrong, META))).code).toBe('INVALID_VERIFICATION_CODE');
    expect((await refusal(t.sut.confirmChange(3, 11, '246802', META))).code).toBe('INVALID_VERIFICATION_CODE');
    expect(t.users.setPassword).not.toHaveBeenCalled();
  });
});
