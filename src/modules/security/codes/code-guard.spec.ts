import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_NOW } from '../../../../test/support/test-service';
import { SecurityAlertsService } from '../alerts/security-alerts.service';
import { AccountStatusService } from '../status/account-status.service';
import { CodeGuard } from './code-guard';
import { CodeGuardRepository } from './code-guard.repository';

const MINUTE = 60_000;

/**
 * code_check_counters in memory, as CodeGuardRepository's contract says (the SQL itself is tested on
 * PostgreSQL): the limits, windows and block lengths are the ones the guard passes in.
 */
class FakeCounters {
  rows = new Map<string, { windowStartedAt: Date; checks: number; blockedUntil: Date | null }>();
  codesIssuedSince: Date | null = null;
  issued = 0;

  async reserve(username: string, now: Date, windowFrom: Date, limit: number): Promise<boolean> {
    const c = this.rows.get(username);
    const fresh = !c || (c.blockedUntil === null && c.windowStartedAt <= windowFrom) || (c.blockedUntil !== null && c.blockedUntil <= now);
    if (fresh) {
      this.rows.set(username, { windowStartedAt: now, checks: 1, blockedUntil: null });
      return true;
    }
    if (c.blockedUntil !== null || c.checks >= limit) return false;
    c.checks += 1;
    return true;
  }
  async refusedUntil(username: string, windowMs: number): Promise<Date | null> {
    const c = this.rows.get(username);
    return c ? (c.blockedUntil ?? new Date(c.windowStartedAt.getTime() + windowMs)) : null;
  }
  async release(username: string): Promise<void> {
    const c = this.rows.get(username);
    if (c && c.checks > 0) c.checks -= 1;
  }
  async blockAtLimit(username: string, now: Date, until: Date, limit: number): Promise<boolean> {
    const c = this.rows.get(username);
    if (!c || c.checks < limit || (c.blockedUntil !== null && c.blockedUntil > now)) return false;
    c.blockedUntil = until;
    return true;
  }
  async codesIssued(_username: string, since: Date): Promise<number> {
    this.codesIssuedSince = since;
    return this.issued;
  }
}

function setup(env: Record<string, string> = {}) {
  const counters = new FakeCounters();
  const t = newTestService(CodeGuard, { provide: [[CodeGuardRepository, counters]], env });
  return { ...t, counters, accounts: t.mock(AccountStatusService), alerts: t.mock(SecurityAlertsService) };
}

const WHERE = { ipAddress: '212.138.64.1', userAgent: 'phone', country: 'المملكة العربية السعودية', countryCode: 'SA' };

/** One wrong code, as the flows do it: counted first, then recorded as a failure. */
async function wrongCode(t: ReturnType<typeof setup>, username = 'huda') {
  await t.sut.reserve(username);
  await t.sut.recordFailure(username, WHERE);
}

describe('CodeGuard: wrong codes per account', () => {
  it('logs every wrong code against the account in login_attempts, without an alert below the limit', async () => {
    const t = setup();
    await wrongCode(t);
    expect(t.accounts.record).toHaveBeenCalledTimes(1);
    expect(t.accounts.record.mock.calls[0][1]).toEqual({
      username: 'huda',
      success: false,
      failureReason: 'invalid_verification_code',
      ...WHERE,
    });
    expect(t.alerts.raise).not.toHaveBeenCalled();
    expect(t.uow.commits).toBe(1);
  });

  it('the 10th wrong code in 30 minutes blocks the account’s code checks for 30 minutes, with one high alert', async () => {
    const t = setup();
    for (let i = 0; i < 9; i++) await wrongCode(t);
    expect(t.alerts.raise).not.toHaveBeenCalled();
    await wrongCode(t);
    expect(t.alerts.raise).toHaveBeenCalledTimes(1);
    expect(t.alerts.raise.mock.calls[0][1]).toEqual({
      alertType: 'code_attempts',
      severity: 'high',
      description: '10 رموز تحقق خاطئة خلال 30 دقيقة؛ أوقف التحقق بالرمز لهذا الحساب 30 دقيقة',
      username: 'huda',
      ipAddress: '212.138.64.1',
      country: 'المملكة العربية السعودية',
      countryCode: 'SA',
    });

    // The 11th check is refused before its code is compared, whatever code or address it brings.
    const error = await refusal(t.sut.reserve('huda'));
    expect([error.status, error.code, error.message]).toEqual([
      429,
      'CODE_CHECKS_BLOCKED',
      'تم إيقاف التحقق بالرمز لهذا الحساب مؤقتاً بسبب كثرة الرموز الخاطئة، يرجى المحاولة بعد 30 دقيقة',
    ]);
    expect(error.options.headers).toEqual({ 'Retry-After': '1800' });
    // A further refused try is not logged and raises nothing more.
    expect(t.alerts.raise).toHaveBeenCalledTimes(1);
  });

  it('says how long is left of the block, and lets the account try again once the 30 minutes are over', async () => {
    const t = setup();
    for (let i = 0; i < 10; i++) await wrongCode(t);
    t.clock.advance(29 * MINUTE + 30_000);
    const error = await refusal(t.sut.reserve('huda'));
    expect(error.message).toContain('يرجى المحاولة بعد 1 دقيقة');
    expect(error.options.headers).toEqual({ 'Retry-After': '30' });
    t.clock.advance(30_000);
    await expect(t.sut.reserve('huda')).resolves.toBeUndefined();
  });

  it('counts per account: another account is not blocked by huda’s wrong codes', async () => {
    const t = setup();
    for (let i = 0; i < 10; i++) await wrongCode(t);
    await expect(t.sut.reserve('omar')).resolves.toBeUndefined();
    await refusal(t.sut.reserve('huda'));
  });

  it('a right code gives its check back, so right codes never bring the account to the block', async () => {
    const t = setup();
    for (let i = 0; i < 9; i++) await wrongCode(t);
    for (let i = 0; i < 5; i++) {
      await t.sut.reserve('huda');
      await t.sut.release('huda');
    }
    await wrongCode(t);
    expect(t.alerts.raise).toHaveBeenCalledTimes(1);
    await refusal(t.sut.reserve('huda'));
  });

  it('wrong codes spread over more than 30 minutes never block: the window starts again', async () => {
    const t = setup();
    for (let i = 0; i < 9; i++) await wrongCode(t);
    t.clock.advance(30 * MINUTE);
    await wrongCode(t);
    expect(t.alerts.raise).not.toHaveBeenCalled();
    await expect(t.sut.reserve('huda')).resolves.toBeUndefined();
  });
});

describe('CodeGuard: codes issued per account', () => {
  it('allows 3 codes per account in 15 minutes and refuses the 4th with 429 and Retry-After of 15 minutes', async () => {
    const t = setup();
    t.counters.issued = 2;
    await expect(t.sut.mayIssue('huda')).resolves.toBe(true);
    expect(t.counters.codesIssuedSince).toEqual(new Date(TEST_NOW.getTime() - 15 * MINUTE));
    t.counters.issued = 3;
    await expect(t.sut.mayIssue('huda')).resolves.toBe(false);
    const error = await refusal(t.sut.assertMayIssue('huda'));
    expect([error.status, error.code, error.message]).toEqual([
      429,
      'TOO_MANY_CODES',
      'تم إرسال عدد كبير من الرموز لهذا الحساب، يرجى الانتظار 15 دقيقة قبل طلب رمز جديد',
    ]);
    expect(error.options.headers).toEqual({ 'Retry-After': '900' });
  });

  it('takes the number of codes from RATE_LIMIT_CODES_PER_ACCOUNT', async () => {
    const t = setup({ RATE_LIMIT_CODES_PER_ACCOUNT: '5' });
    t.counters.issued = 4;
    await expect(t.sut.assertMayIssue('huda')).resolves.toBeUndefined();
    t.counters.issued = 5;
    await refusal(t.sut.assertMayIssue('huda'));
  });
});
