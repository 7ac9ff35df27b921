import { VERIFICATION_CODE_VALIDITY_MINUTES } from '../../../shared/constants';

const BASE_BACKOFF_MS = 2_000;
const MAX_BACKOFF_MS = 10 * 60_000;
/** A provider's Retry-After is honoured up to this (a longer one is the provider's outage, not a pause). */
const MAX_RETRY_AFTER_MS = 60 * 60_000;

/** Templates whose message is worthless after a while: a code past its validity is never sent. */
const USEFUL_LIFE_MS: Readonly<Record<string, number>> = {
  verificationCode: VERIFICATION_CODE_VALIDITY_MINUTES * 60_000,
};

/** Exponential backoff with full jitter: a random delay up to base·2^(n-1), capped, at least 1 s. */
export function backoffDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempt - 1));
  return Math.max(1_000, Math.floor(random() * ceiling));
}

/** How long after its creation a message may still be sent: its kind's life, within the retry window. */
export function usefulLifeMs(templateKey: string, retryWindowMs: number): number {
  return Math.min(USEFUL_LIFE_MS[templateKey] ?? retryWindowMs, retryWindowMs);
}

/**
 * What to do after a retryable failure: try again at `at` (the backoff, or the provider's Retry-After
 * when longer), or stop because the message's useful life (or the retry window) would be over by then.
 * Retries are bounded by time, not by count, so an outage of any length up to the window is survived.
 */
export function nextRetry(
  input: { createdAt: Date; attempts: number; templateKey: string; retryAfterMs?: number },
  now: Date,
  retryWindowMs: number,
  random: () => number = Math.random,
): { retry: true; at: Date } | { retry: false; reason: 'expired' | 'retry_window_over' } {
  const wait = Math.max(backoffDelayMs(input.attempts, random), Math.min(input.retryAfterMs ?? 0, MAX_RETRY_AFTER_MS));
  const at = new Date(now.getTime() + wait);
  const life = usefulLifeMs(input.templateKey, retryWindowMs);
  if (at.getTime() - input.createdAt.getTime() <= life) return { retry: true, at };
  return { retry: false, reason: life < retryWindowMs ? 'expired' : 'retry_window_over' };
}

/**
 * True when a message of a short-lived kind (a code) may no longer be sent at all (checked before each
 * send). Other kinds are never dropped for their age here: a message deferred by the daily cap still goes.
 */
export function isPastUsefulLife(input: { createdAt: Date; templateKey: string }, now: Date): boolean {
  const life = USEFUL_LIFE_MS[input.templateKey];
  return life !== undefined && now.getTime() - input.createdAt.getTime() > life;
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | null | undefined, now: Date = new Date()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now.getTime());
}
