import { describe, expect, it } from '@jest/globals';
import { SharedCounters } from '../../../common/metrics/shared-counters';
import { FAKE_SCOPE, refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_NOW } from '../../../../test/support/test-service';
import type { AccountSecurityStatusEntity } from '../entities/account-security-status.entity';
import { AccountStatusRepository, type LoginAttemptFilterField, type LoginAttemptSortField } from './account-status.repository';
import { AccountStatusService, remainingMinutes } from './account-status.service';

const MINUTE = 60_000;

function setup() {
  const t = newTestService(AccountStatusService);
  const repo = t.mock(AccountStatusRepository);
  repo.listAttempts.mockResolvedValue({ rows: [], total: 0 });
  return { ...t, repo, counters: t.mock(SharedCounters) };
}

const status = (changes: Partial<AccountSecurityStatusEntity>) =>
  ({
    username: 'huda',
    isFrozen: false,
    frozenUntil: null,
    lastSuccessfulLogin: new Date('2026-11-28T17:00:00Z'),
    failedAttempts: 0,
    maxFailedAttempts: 3,
    freezeDurationMinutes: 30,
    geoAlertEnabled: true,
    allowedCountries: ['SA'],
    ...changes,
  }) as AccountSecurityStatusEntity;

const query = (filter: Partial<Record<LoginAttemptFilterField, unknown>>) => ({
  sort: { field: 'attemptedAt' as LoginAttemptSortField, order: 'DESC' as const },
  skip: 0,
  take: 25,
  filter,
});

describe('AccountStatusService', () => {
  it('logs an attempt at the clock’s time, cut to the columns’ sizes, and counts failures by reason for /metrics', async () => {
    const t = setup();
    await t.sut.record(FAKE_SCOPE, {
      username: 'u'.repeat(150),
      success: false,
      failureReason: 'invalid_password',
      ipAddress: '1'.repeat(80),
      userAgent: 'a'.repeat(900),
    });
    expect(t.repo.insertAttempt).toHaveBeenCalledWith(FAKE_SCOPE, {
      username: 'u'.repeat(100),
      success: false,
      failureReason: 'invalid_password',
      ipAddress: '1'.repeat(64),
      userAgent: 'a'.repeat(500),
      country: null,
      countryCode: null,
      attemptedAt: TEST_NOW,
    });
    expect(t.counters.increment).toHaveBeenCalledWith('login_failures', 'invalid_password');
    await t.sut.record(FAKE_SCOPE, { username: 'huda', success: true });
    expect(t.counters.increment).toHaveBeenCalledTimes(1);
  });

  it('shows a freeze only while it lasts: one whose time is over reads as not frozen', async () => {
    const t = setup();
    const frozenUntil = new Date(TEST_NOW.getTime() + 10 * MINUTE);
    t.repo.findStatus.mockResolvedValue(status({ isFrozen: true, frozenUntil, failedAttempts: 3 }));
    expect(await t.sut.view('huda')).toMatchObject({ isFrozen: true, frozenUntil: frozenUntil.toISOString(), failedAttempts: 3 });
    t.clock.set(frozenUntil);
    expect(await t.sut.view('huda')).toMatchObject({ isFrozen: false, frozenUntil: null });
  });

  it('answers 404 in Arabic for the status, unfreezing or an attempt of what does not exist', async () => {
    const t = setup();
    t.repo.findStatus.mockResolvedValue(null);
    t.repo.clearFreeze.mockResolvedValue(false);
    const cases: [Promise<unknown>, string][] = [
      [t.sut.view('ghost'), 'لا توجد حالة أمان لهذا المستخدم'],
      [t.sut.unfreeze('ghost'), 'المستخدم غير موجود'],
      [t.sut.attempt(404), 'محاولة الدخول غير موجودة'],
    ];
    for (const [call, message] of cases) expect(await refusal(call)).toMatchObject({ status: 404, code: 'NOT_FOUND', message });
  });

  it('answers a username that is not an account by the first account’s rules, or the spec’s defaults (3, 30 minutes, SA)', async () => {
    const t = setup();
    t.repo.firstStatus.mockResolvedValue(null);
    expect(await t.sut.policyForUnknown()).toEqual({ maxFailedAttempts: 3, freezeDurationMinutes: 30, allowedCountries: ['SA'] });
    t.repo.firstStatus.mockResolvedValue(status({ maxFailedAttempts: 5, freezeDurationMinutes: 60, allowedCountries: ['SA', 'AE'] }));
    expect(await t.sut.policyForUnknown()).toMatchObject({
      maxFailedAttempts: 5,
      freezeDurationMinutes: 60,
      allowedCountries: ['SA', 'AE'],
    });
  });

  it('names each address the failures came from once, with its country when known', async () => {
    const t = setup();
    t.repo.recentFailures.mockResolvedValue([
      { ipAddress: '8.8.8.8', country: 'الولايات المتحدة' },
      { ipAddress: '10.0.0.5', country: null },
      { ipAddress: '8.8.8.8', country: 'الولايات المتحدة' },
      { ipAddress: null, country: null },
    ]);
    expect(await t.sut.recentFailureSources(FAKE_SCOPE, 'huda', 4)).toEqual(['8.8.8.8 (الولايات المتحدة)', '10.0.0.5']);
  });

  it('reads an unknown username’s failures oldest first (the freeze rule walks them in order)', async () => {
    const t = setup();
    const times = [new Date('2026-11-29T05:50:00Z'), new Date('2026-11-29T05:40:00Z')];
    t.repo.unknownNameFailureTimes.mockResolvedValue([...times]);
    expect(await t.sut.unknownNameFailures(FAKE_SCOPE, 'ghost', TEST_NOW)).toEqual([...times].reverse());
  });

  it.each([
    [{ success: 'yes' }, { success: 'قيمة النتيجة يجب أن تكون true أو false' }],
    [{ failureReason: 'hacked' }, { failureReason: 'سبب الفشل غير معروف' }],
    [{ q: 42 }, { q: 'نص البحث يجب أن يكون نصاً' }],
  ])('refuses the attempts filter %j with 400 naming the field', async (filter, errors) => {
    const t = setup();
    // The refusal is a rejected promise, as every other refusal of the service, never thrown as it is called.
    let pending!: Promise<unknown>;
    expect(() => (pending = t.sut.listAttempts(query(filter)))).not.toThrow();
    const error = await refusal(pending);
    expect([error.status, error.message, error.options.errors]).toEqual([400, 'معامل التصفية غير صحيح', errors]);
    expect(t.repo.listAttempts).not.toHaveBeenCalled();
  });

  it('passes the checked filter on: the search trimmed, an empty search or reason ignored', async () => {
    const t = setup();
    await t.sut.listAttempts(query({ success: false, failureReason: 'geo_blocked', q: '  212.138 ' }));
    expect(t.repo.listAttempts.mock.calls[0][1]).toEqual({ ids: undefined, success: false, failureReason: 'geo_blocked', text: '212.138' });
    await t.sut.listAttempts(query({ failureReason: '', q: '   ' }));
    expect(t.repo.listAttempts.mock.calls[1][1]).toEqual({ ids: undefined });
  });

  it('tells a frozen account the whole minutes left, never fewer than 1', () => {
    expect(remainingMinutes(new Date(TEST_NOW.getTime() + 29 * MINUTE + 1), TEST_NOW)).toBe(30);
    expect(remainingMinutes(new Date(TEST_NOW.getTime() + 1000), TEST_NOW)).toBe(1);
    expect(remainingMinutes(new Date(TEST_NOW.getTime() - MINUTE), TEST_NOW)).toBe(1);
  });
});
