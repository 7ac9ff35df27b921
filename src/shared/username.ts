/** The one form of a username (login, reset, the per-username limiter): NFKC, trimmed, lower case. */
export function normalizeUsername(username: string): string {
  return username.normalize('NFKC').trim().toLowerCase();
}
