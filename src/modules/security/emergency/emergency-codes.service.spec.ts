import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, testConfig, TEST_NOW } from '../../../../test/support/test-service';
import { SecurityAlertsService } from '../alerts/security-alerts.service';
import { AUTH_MESSAGES } from '../auth/auth.messages';
import { UsersRepository } from '../auth/users.repository';
import { VerificationCodes } from '../codes/verification-codes';
import type { EmergencyAccessCodeEntity } from '../entities/emergency-access-code.entity';
import type { UserEntity } from '../entities/user.entity';
import { GeoIpService } from '../geo/geoip.service';
import { PasswordHasher } from '../passwords/password-hasher';
import { SessionService } from '../session/session.service';
import { AccountStatusService } from '../status/account-status.service';
import { EmergencyCodesRepository } from './emergency-codes.repository';
import { EmergencyCodesService } from './emergency-codes.service';

const CODE = 'YNB-2026-AB12Q7';
const HUDA = { id: 3, username: 'huda', role: 'admin' } as UserEntity;
const FIRST_ADMIN = { id: 1, username: 'admin', role: 'admin' } as UserEntity;
const FROM = { ip: '212.138.64.1', userAgent: 'phone' };
const SA = { countryCode: 'SA', country: 'المملكة العربية السعودية' };
const HOUR_LATER = new Date(TEST_NOW.getTime() + 60 * 60_000);

function setup(row: Partial<EmergencyAccessCodeEntity> = {}) {
  const codes = new VerificationCodes(testConfig());
  const t = newTestService(EmergencyCodesService, { provide: [[VerificationCodes, codes]] });
  const code = {
    id: 5,
    masterCode: codes.hashMasterCode(CODE),
    codeHint: 'YNB-2026-****Q7',
    securityQuestion: 'ما اسم أول حي خدمته الجمعية؟',
    securityAnswer: 'argon2:al nour',
    isActive: true,
    expiresAt: null,
    createdBy: 3,
    usageCount: 2,
    lastUsedAt: null,
    lastUsedBy: null,
    failedAttempts: 0,
    createdAt: new Date('2026-10-01T08:00:00Z'),
    ...row,
  } as EmergencyAccessCodeEntity;
  const repo = t.mock(EmergencyCodesRepository);
  repo.findByHash.mockImplementation(async (hash) => (hash === code.masterCode ? code : null));
  repo.find.mockImplementation(async (id) => (id === 5 ? { ...code } : null));
  repo.insert.mockImplementation(
    async (values) => ({ ...code, ...values, id: 6, usageCount: 0, createdAt: TEST_NOW }) as EmergencyAccessCodeEntity,
  );
  repo.save.mockImplementation(async (saved) => saved);
  repo.reserveTry.mockResolvedValue(true);
  repo.claimUse.mockResolvedValue(true);
  repo.disableAtLimit.mockResolvedValue(false);
  const users = t.mock(UsersRepository);
  users.findById.mockImplementation(async (id) => (id === 3 ? HUDA : null));
  users.firstUser.mockResolvedValue(FIRST_ADMIN);
  const hasher = t.mock(PasswordHasher);
  hasher.hash.mockImplementation(async (plain) => `argon2:${plain}`);
  hasher.verify.mockImplementation(async (hash, plain) => hash === `argon2:${plain}`);
  hasher.verifyDummy.mockResolvedValue(false);
  t.mock(GeoIpService).lookup.mockResolvedValue(SA);
  const sessions = t.mock(SessionService);
  sessions.issue.mockResolvedValue({ token: 'emergency-jwt', expiresAt: HOUR_LATER, sessionId: 12 });
  const record = t.mock(AccountStatusService).record;
  const attempts = () => record.mock.calls.map(([, a]) => [a.username, a.success, a.failureReason ?? null]);
  return { ...t, codes, repo, users, hasher, sessions, attempts, alerts: t.mock(SecurityAlertsService).raise };
}

describe('EmergencyCodesService: creating and showing codes', () => {
  it('makes a YNB-<Riyadh year> code, shows it in full only in the answer, and stores its HMAC, a masked hint and the hashed answer', async () => {
    const t = setup();
    t.clock.set('2026-12-31T21:30:00Z'); // already 1 January 2027 in Riyadh
    const created = await t.sut.create({ securityQuestion: '  سؤال الأمان ', securityAnswer: '  AL   Nour ' }, 3);
    expect(created.masterCode).toMatch(/^YNB-2027-[A-Z0-9]{6}$/);
    const stored = t.repo.insert.mock.calls[0][0];
    expect(stored).toEqual({
      masterCode: t.codes.hashMasterCode(created.masterCode),
      codeHint: `YNB-2027-****${created.masterCode.slice(-2)}`,
      securityQuestion: 'سؤال الأمان',
      securityAnswer: 'argon2:al nour',
      isActive: true,
      expiresAt: null,
      createdBy: 3,
    });
    expect(JSON.stringify(stored)).not.toContain(created.masterCode);
    // Every later read shows the hint only.
    expect((await t.sut.one(5)).masterCode).toBe('YNB-2026-****Q7');
  });

  it('refuses a code already in use with 409 on masterCode (compared upper-cased, without spaces), storing nothing', async () => {
    const t = setup();
    t.repo.existsByHash.mockImplementation(async (hash) => hash === t.codes.hashMasterCode(CODE));
    const error = await refusal(t.sut.create({ masterCode: ' ynb-2026-ab12q7 ', securityQuestion: 'س', securityAnswer: 'ج' }, 3));
    expect([error.status, error.code, error.message]).toEqual([409, 'CONFLICT', 'رمز الطوارئ هذا مستخدم من قبل، يرجى اختيار رمز آخر']);
    expect(error.options.errors).toEqual({ masterCode: 'رمز الطوارئ هذا مستخدم من قبل' });
    expect(t.repo.insert).not.toHaveBeenCalled();
  });

  it.each([
    ['2026-11-29T05:59:00Z', 'تاريخ انتهاء الصلاحية يجب أن يكون في المستقبل'],
    ['غداً', 'تاريخ انتهاء الصلاحية غير صحيح'],
  ])('refuses the expiry %s with 400 on expiresAt', async (expiresAt, message) => {
    const t = setup();
    const error = await refusal(t.sut.create({ securityQuestion: 'س', securityAnswer: 'ج', expiresAt }, 3));
    expect([error.status, error.message, error.options.errors]).toEqual([400, message, { expiresAt: message }]);
    expect(t.repo.insert).not.toHaveBeenCalled();
  });

  it('turning a code disabled by wrong answers back on gives it a fresh count of tries', async () => {
    const t = setup({ isActive: false, failedAttempts: 5 });
    await t.sut.update(5, { isActive: true });
    expect(t.repo.save).toHaveBeenCalledWith(expect.objectContaining({ isActive: true, failedAttempts: 0 }));
    expect((await refusal(t.sut.update(99, { isActive: true }))).status).toBe(404);
  });
});

describe('EmergencyCodesService.access', () => {
  it('the right answer (any case and spacing) opens a one-hour emergency session as the code’s creator, counts the use and alerts', async () => {
    const t = setup();
    const grant = await t.sut.access('ynb-2026-ab12q7', '  al NOUR ', FROM);
    expect(grant).toEqual({
      token: 'emergency-jwt',
      user: { id: 3, username: 'huda', role: 'admin' },
      expiresAt: HOUR_LATER.toISOString(),
    });
    expect(t.repo.reserveTry).toHaveBeenCalledWith(5, TEST_NOW, 5);
    expect(t.sessions.issue).toHaveBeenCalledWith(HUDA, { ...FROM, emergency: true }, expect.anything());
    expect(t.repo.claimUse).toHaveBeenCalledWith(expect.anything(), 5, TEST_NOW, 'huda', '212.138.64.1');
    expect(t.attempts()).toEqual([['huda', true, null]]);
    expect(t.alerts).toHaveBeenCalledTimes(1);
    expect(t.alerts.mock.calls[0][1]).toEqual({
      alertType: 'security_breach',
      severity: 'high',
      description: 'دخول طارئ إلى لوحة التحكم برمز الطوارئ YNB-2026-****Q7 لمدة ساعة واحدة',
      username: 'huda',
      ipAddress: '212.138.64.1',
      ...SA,
      metadata: { emergencyCodeId: 5 },
    });
    expect(t.uow.commits).toBe(1);
  });

  it('a code whose creator is gone opens the session as the first administrator', async () => {
    const t = setup({ createdBy: null });
    expect((await t.sut.access(CODE, 'al nour', FROM)).user.username).toBe('admin');
    expect(t.sessions.issue).toHaveBeenCalledWith(FIRST_ADMIN, { ...FROM, emergency: true }, expect.anything());
  });

  it('a wrong answer is refused in Arabic, logged against the owner, and opens nothing; the 5th disables the code with one alert', async () => {
    const t = setup();
    const error = await refusal(t.sut.access(CODE, 'wrong', FROM));
    expect([error.status, error.code, error.message]).toEqual([
      401,
      'INVALID_EMERGENCY_CODE',
      'رمز الطوارئ أو إجابة سؤال الأمان غير صحيحة',
    ]);
    expect(t.attempts()).toEqual([['huda', false, 'invalid_emergency_answer']]);
    expect(t.alerts).not.toHaveBeenCalled();
    expect(t.repo.disableAtLimit).toHaveBeenCalledWith(5, 5);

    t.repo.disableAtLimit.mockResolvedValueOnce(true);
    await refusal(t.sut.access(CODE, 'wrong', FROM));
    expect(t.alerts).toHaveBeenCalledTimes(1);
    expect(t.alerts.mock.calls[0][1]).toMatchObject({
      alertType: 'security_breach',
      severity: 'high',
      description: 'تم تعطيل رمز الطوارئ YNB-2026-****Q7 بعد 5 إجابات خاطئة، آخرها من 212.138.64.1 (المملكة العربية السعودية)',
    });
    expect([t.sessions.issue.mock.calls, t.repo.claimUse.mock.calls]).toEqual([[], []]);
  });

  it.each([
    ['never-issued', {}, 'YNB-2026-ZZZZZZ'],
    ['disabled', { isActive: false }, CODE],
    ['expired', { expiresAt: TEST_NOW }, CODE],
  ])('a %s code gets the same refusal after the same hashing work, uncounted, and shows no question', async (_name, row, given) => {
    const t = setup(row);
    const error = await refusal(t.sut.access(given, 'al nour', FROM));
    expect([error.status, error.code, error.message]).toEqual([401, 'INVALID_EMERGENCY_CODE', AUTH_MESSAGES.invalidEmergency]);
    expect(t.hasher.verifyDummy).toHaveBeenCalledWith('al nour');
    expect(t.hasher.verify).not.toHaveBeenCalled();
    expect(t.repo.reserveTry).not.toHaveBeenCalled();
    expect(t.attempts()).toEqual([['emergency-code', false, 'invalid_emergency_code']]);
    expect(await t.sut.question(given)).toEqual({ isActive: false, securityQuestion: null });
    expect(t.sessions.issue).not.toHaveBeenCalled();
  });

  it('a right answer racing the code’s disabling opens nothing: the session is rolled back and the try refused', async () => {
    const t = setup();
    t.repo.claimUse.mockResolvedValue(false);
    expect((await refusal(t.sut.access(CODE, 'al nour', FROM))).code).toBe('INVALID_EMERGENCY_CODE');
    // Only the refusal's log row committed; the session, its success row and the alert were undone.
    expect(t.uow.commits).toBe(1);
    expect(t.attempts().at(-1)).toEqual(['huda', false, 'invalid_emergency_code']);
  });

  it('shows the question of a live code only', async () => {
    const t = setup();
    expect(await t.sut.question(' ynb-2026-ab12q7')).toEqual({ isActive: true, securityQuestion: 'ما اسم أول حي خدمته الجمعية؟' });
  });
});
