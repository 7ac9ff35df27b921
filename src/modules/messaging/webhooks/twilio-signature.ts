import { createHmac, timingSafeEqual } from 'node:crypto';

export const TWILIO_STATUS_CALLBACK_PATH = '/api/webhooks/twilio/status';

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the auth token, of the
 * full URL followed by every POST parameter name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, unknown>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => {
      const value = params[key];
      const values = Array.isArray(value)
        ? [...(value as unknown[])].map(String).sort()
        : [value === undefined || value === null ? '' : String(value)];
      return acc + values.map((v) => key + v).join('');
    }, url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** True when the signature matches one of the URLs the request may have been addressed to. */
export function isValidTwilioSignature(
  authToken: string,
  signature: string | undefined,
  urls: string[],
  params: Record<string, unknown>,
): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  return urls.some((url) => {
    const expected = Buffer.from(twilioSignature(authToken, url, params));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** The URL variants Twilio may have signed: with and without the default port. */
export function signedUrlCandidates(url: string): string[] {
  const out = new Set<string>([url]);
  try {
    const parsed = new URL(url);
    const defaultPort = parsed.protocol === 'https:' ? '443' : '80';
    if (parsed.port === defaultPort || parsed.port === '') {
      const withPort = new URL(url);
      withPort.port = '';
      out.add(withPort.toString());
      out.add(`${parsed.protocol}//${parsed.hostname}:${defaultPort}${parsed.pathname}${parsed.search}`);
    }
  } catch {
    // not a URL: only the literal form
  }
  return [...out];
}
