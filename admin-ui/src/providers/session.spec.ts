import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { clearSession, getValidSession, hasStaleSession, SESSION_KEYS } from './session';

/**
 * The stored session's rule (spec: admin-side sections 3 and 4): valid only while the token, the user and
 * the expiry are all there and the expiry lies ahead; anything else is stale and cleared as a whole. The
 * browser test (admin-session-end) keeps nothing stored, one incomplete session and an expired one.
 */
describe('the stored admin session', () => {
  const NOW = Date.parse('2026-11-29T06:00:00Z');
  const token = 'header.payload.signature';
  const user = JSON.stringify({ username: 'stale-session', role: 'admin' });
  const later = new Date(NOW + 3_600_000).toISOString();
  let items: Map<string, string>;
  const g = globalThis as unknown as { window?: unknown };
  beforeEach(() => {
    items = new Map();
    g.window = {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      },
    };
  });
  afterEach(() => {
    delete g.window;
  });
  const store = (stored: Record<string, string>) => Object.entries(stored).forEach(([key, value]) => items.set(key, value));

  it('is valid with all three items and an expiry ahead', () => {
    store({ [SESSION_KEYS.token]: token, [SESSION_KEYS.user]: user, [SESSION_KEYS.expiry]: later });
    expect(getValidSession(NOW)).toEqual({ token, user: { username: 'stale-session', role: 'admin' }, expiresAt: NOW + 3_600_000 });
    expect(hasStaleSession(NOW)).toBe(false);
  });

  it('is no session, and not a stale one, when nothing is stored', () => {
    expect([getValidSession(NOW), hasStaleSession(NOW)]).toEqual([null, false]);
  });

  it.each([
    ['the user and the expiry are missing', { [SESSION_KEYS.token]: token }],
    ['the token is missing', { [SESSION_KEYS.user]: user, [SESSION_KEYS.expiry]: later }],
    ['the user is missing', { [SESSION_KEYS.token]: token, [SESSION_KEYS.expiry]: later }],
    ['the expiry is missing', { [SESSION_KEYS.token]: token, [SESSION_KEYS.user]: user }],
    [
      'nothing, but the expiry has passed',
      { [SESSION_KEYS.token]: token, [SESSION_KEYS.user]: user, [SESSION_KEYS.expiry]: new Date(NOW - 60_000).toISOString() },
    ],
  ])('is stale when %s, and clearing it removes all three items', (_missing, stored) => {
    store(stored);
    expect([getValidSession(NOW), hasStaleSession(NOW)]).toEqual([null, true]);
    clearSession('expired');
    expect([...items.keys()]).toEqual([]);
  });
});
