import { describe, expect, it } from '@jest/globals';
import { backoffDelayMs, isPastUsefulLife, nextRetry, parseRetryAfter } from './retry-policy';

const DAY = 24 * 60 * 60_000;
const created = new Date('2026-03-10T09:00:00Z');
const at = (ms: number) => new Date(created.getTime() + ms);

describe('retry policy', () => {
  it('backs off exponentially with full jitter, between 1 s and 10 minutes', () => {
    expect(backoffDelayMs(1, () => 1)).toBe(2_000);
    expect(backoffDelayMs(3, () => 1)).toBe(8_000);
    expect(backoffDelayMs(30, () => 1)).toBe(600_000);
    expect(backoffDelayMs(5, () => 0)).toBe(1_000);
  });

  it('keeps retrying a confirmation through a long outage, however many tries it took, within the window', () => {
    const decision = nextRetry({ createdAt: created, attempts: 40, templateKey: 'requestConfirmation' }, at(6 * 60 * 60_000), DAY, () => 1);
    expect(decision).toEqual({ retry: true, at: at(6 * 60 * 60_000 + 600_000) });
  });

  it('stops a confirmation once the retry window is over', () => {
    expect(nextRetry({ createdAt: created, attempts: 3, templateKey: 'statusUpdate' }, at(DAY - 1_000), DAY, () => 1)).toEqual({
      retry: false,
      reason: 'retry_window_over',
    });
  });

  it('never schedules a login code past its 5 minutes: it expires', () => {
    // 4 min 58 s old, next try 4 s later: past the code's 5 minutes.
    expect(nextRetry({ createdAt: created, attempts: 2, templateKey: 'verificationCode' }, at(4 * 60_000 + 58_000), DAY, () => 1)).toEqual({
      retry: false,
      reason: 'expired',
    });
    expect(nextRetry({ createdAt: created, attempts: 2, templateKey: 'verificationCode' }, at(4 * 60_000), DAY, () => 1).retry).toBe(true);
    expect(isPastUsefulLife({ createdAt: created, templateKey: 'verificationCode' }, at(5 * 60_000 + 1))).toBe(true);
    expect(isPastUsefulLife({ createdAt: created, templateKey: 'statusUpdate' }, at(2 * DAY))).toBe(false);
  });

  it("honours the provider's Retry-After when it asks for longer than the backoff", () => {
    const decision = nextRetry(
      { createdAt: created, attempts: 1, templateKey: 'statusUpdate', retryAfterMs: 120_000 },
      created,
      DAY,
      () => 0,
    );
    expect(decision).toEqual({ retry: true, at: at(120_000) });
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('30')).toBe(30_000);
    expect(parseRetryAfter('Tue, 10 Mar 2026 09:01:00 GMT', created)).toBe(60_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
