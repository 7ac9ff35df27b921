import { describe, expect, it } from '@jest/globals';
import { canResend, hasTransientStatus, quickMessageDate, selectionState, statusTone, toggleAll } from './quickMessages';

describe('quickMessageDate', () => {
  it('shows the Gregorian date with the Hijri date and the Riyadh time, Western digits', () => {
    // 09:05 UTC is 12:05 in Riyadh.
    expect(quickMessageDate('2026-03-15T09:05:00.000Z')).toEqual({ ok: true, text: '15 مارس 2026م (26 رمضان 1447هـ) - 12:05' });
    expect(quickMessageDate(new Date('2026-03-15T22:30:00Z'))).toEqual({
      ok: true,
      text: expect.stringMatching(/^16 مارس 2026م .* - 01:30$/),
    });
  });

  it('says the date is missing for null, undefined and an empty string', () => {
    for (const value of [null, undefined, '', '   ']) expect(quickMessageDate(value)).toEqual({ ok: false, reason: 'missing' });
  });

  it('says the date is invalid when it cannot be read', () => {
    for (const value of ['not a date', '2026-13-45T99:00:00Z', Number.NaN, new Date('x')]) {
      expect(quickMessageDate(value)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});

describe('status rules', () => {
  it('offers resending for failed acknowledgements only', () => {
    expect(canResend({ status: 'failed' })).toBe(true);
    for (const status of ['pending', 'sent', 'delivered'] as const) expect(canResend({ status })).toBe(false);
  });

  it('colours sent and delivered green, failed red, pending amber', () => {
    expect(statusTone('sent')).toBe('success');
    expect(statusTone('delivered')).toBe('success');
    expect(statusTone('failed')).toBe('error');
    expect(statusTone('pending')).toBe('warning');
    expect(statusTone(null)).toBe('default');
  });

  it('knows when the worker still has something to report', () => {
    expect(hasTransientStatus([{ status: 'sent', replyStatus: null }])).toBe(false);
    expect(hasTransientStatus([{ status: 'pending', replyStatus: null }])).toBe(true);
    expect(hasTransientStatus([{ status: 'sent', replyStatus: 'pending' }])).toBe(true);
  });
});

describe('selection', () => {
  const ids = [3, 2, 1];

  it('reports none, some or all of the listed items', () => {
    expect(selectionState(new Set(), ids)).toBe('none');
    expect(selectionState(new Set([2]), ids)).toBe('some');
    expect(selectionState(new Set([1, 2, 3]), ids)).toBe('all');
    expect(selectionState(new Set([9]), ids)).toBe('none');
    expect(selectionState(new Set(), [])).toBe('none');
  });

  it('select-all adds the page to the selection, or takes the page out when all of it was selected', () => {
    expect([...toggleAll([], ids)].sort()).toEqual([1, 2, 3]);
    expect([...toggleAll([2], ids)].sort()).toEqual([1, 2, 3]);
    expect(toggleAll([1, 2, 3], ids)).toEqual([]);
    // Items selected on another page stay selected either way.
    expect([...toggleAll([9, 2], ids)].sort()).toEqual([1, 2, 3, 9]);
    expect(toggleAll([9, 3, 2, 1], ids)).toEqual([9]);
  });
});
