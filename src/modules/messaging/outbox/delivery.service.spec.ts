import { describe, expect, it } from '@jest/globals';
import { backoffDelayMs } from './delivery.service';

describe('backoffDelayMs', () => {
  it('grows exponentially, stays within its ceiling and never drops below a second', () => {
    expect(backoffDelayMs(1, () => 1)).toBe(2_000);
    expect(backoffDelayMs(3, () => 1)).toBe(8_000);
    expect(backoffDelayMs(30, () => 1)).toBe(600_000);
    expect(backoffDelayMs(5, () => 0)).toBe(1_000);
  });

  it('spreads retries out (full jitter) so a burst of failures does not retry in lockstep', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelayMs(6)));
    expect(delays.size).toBeGreaterThan(40);
  });
});
