/** Paths whose segment after the prefix is a secret: the host's link (the page and its API). */
const SECRET_SEGMENT = /^(\/api\/self-service\/|\/r\/)[^/?#]+/;

/**
 * A request's path as the logs keep it: no query string (it may carry a ticket), and the host's link
 * token replaced, since the token opens the request's page and its cancel button.
 */
export function loggedPath(url: string | undefined): string {
  return (url ?? '').split('?')[0].replace(SECRET_SEGMENT, '$1[redacted]');
}
