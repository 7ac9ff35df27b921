/** Paths whose segment after the prefix is a secret: the host's and the volunteer's links (the pages and their APIs). */
const SECRET_SEGMENT = /^(\/api\/self-service\/|\/r\/|\/api\/volunteer\/|\/t\/)[^/?#]+/;

/**
 * A request's path as the logs keep it: no query string (it may carry a ticket), and a link's
 * token replaced (the host's opens the request's page and its cancel button, the volunteer's their pickups).
 */
export function loggedPath(url: string | undefined): string {
  return (url ?? '').split('?')[0].replace(SECRET_SEGMENT, '$1[redacted]');
}
