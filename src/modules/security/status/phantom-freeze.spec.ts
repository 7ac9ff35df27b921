import { describe, expect, it } from '@jest/globals';
import { phantomFreezeUntil } from './phantom-freeze';

const policy = { maxFailedAttempts: 3, freezeDurationMinutes: 30 };
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute));

describe('phantomFreezeUntil', () => {
  it('is not frozen before the third wrong password', () => {
    expect(phantomFreezeUntil([], policy)).toBeNull();
    expect(phantomFreezeUntil([at(0), at(1)], policy)).toBeNull();
  });

  it('freezes for the policy’s minutes from the third wrong password', () => {
    expect(phantomFreezeUntil([at(0), at(1), at(2)], policy)).toEqual(at(32));
  });

  it('does not count tries made while frozen, and starts a new run after the freeze', () => {
    // Tries at 10 and 20 fall inside the freeze (until 32); 40 and 41 start a new run of two.
    const inside = [at(0), at(1), at(2), at(10), at(20)];
    expect(phantomFreezeUntil(inside, policy)).toEqual(at(32));
    const failures = [...inside, at(40), at(41)];
    expect(phantomFreezeUntil(failures, policy)).toBeNull();
    expect(phantomFreezeUntil([...failures, at(42)], policy)).toEqual(at(72));
  });

  it('follows the account’s own policy', () => {
    expect(phantomFreezeUntil([at(0), at(1), at(2)], { maxFailedAttempts: 5, freezeDurationMinutes: 10 })).toBeNull();
    expect(phantomFreezeUntil([at(0), at(1)], { maxFailedAttempts: 2, freezeDurationMinutes: 10 })).toEqual(at(11));
  });
});
