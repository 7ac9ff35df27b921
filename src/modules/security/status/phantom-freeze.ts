/** The freeze rules of an account: this many wrong passwords in a row freeze password logins for so long. */
export interface FreezePolicy {
  maxFailedAttempts: number;
  freezeDurationMinutes: number;
}

/**
 * When the freeze of a username that is not an account would end, had it been one: the same run of
 * wrong passwords (`maxFailedAttempts` in a row → frozen for `freezeDurationMinutes`; tries while
 * frozen do not count; the run starts again after a freeze). Unknown usernames then get the answers a
 * real account gets, so the answers do not tell a stranger which usernames exist.
 *
 * `failures`: the username's failed password tries, oldest first. Answers null when the last run of
 * tries has not (yet) frozen it.
 */
export function phantomFreezeUntil(failures: readonly Date[], policy: FreezePolicy): Date | null {
  let run = 0;
  let until: Date | null = null;
  for (const at of failures) {
    if (until && at < until) continue;
    if (until) {
      until = null;
      run = 0;
    }
    run += 1;
    if (run >= policy.maxFailedAttempts) until = new Date(at.getTime() + policy.freezeDurationMinutes * 60_000);
  }
  return until;
}
