import { Reader } from './env-reader';

/** Meta's WhatsApp Cloud API (WHATSAPP_PROVIDER=meta). */
export interface MetaConfig {
  /** A system user's permanent token with whatsapp_business_messaging (sent as a Bearer token). */
  accessToken?: string;
  /** The sending number's id in WhatsApp Manager (not the phone number itself). */
  phoneNumberId?: string;
  /** The app's secret: webhooks carry X-Hub-Signature-256 = sha256 HMAC of the body under it. */
  appSecret?: string;
  /** The token typed in the app's webhook settings, echoed back by Meta in the subscribe handshake. */
  verifyToken?: string;
  /** https://graph.facebook.com, or a local double in tests. */
  graphBaseUrl: string;
  /** Graph API version in the path, e.g. v26.0. */
  apiVersion: string;
  timeoutMs: number;
}

// The newest Graph API version when this was written (Meta's Graph API changelog: v26.0, released
// 29 July 2026; each version stays available about two years). Moving on is a configuration change.
export const META_DEFAULT_API_VERSION = 'v26.0';

/** Reads META_*; with WHATSAPP_PROVIDER=meta every credential is required, in every environment. */
export function readMetaConfig(r: Reader, selected: boolean): MetaConfig {
  const phoneNumberId = r.str('META_PHONE_NUMBER_ID');
  if (phoneNumberId !== undefined && !/^\d{5,32}$/.test(phoneNumberId)) {
    r.problems.push('META_PHONE_NUMBER_ID must be the number id from WhatsApp Manager (digits only, not the phone number)');
  }
  const apiVersion = r.str('META_API_VERSION', META_DEFAULT_API_VERSION);
  if (!/^v\d{1,3}\.\d{1,2}$/.test(apiVersion)) r.problems.push(`META_API_VERSION must look like ${META_DEFAULT_API_VERSION}`);
  const config: MetaConfig = {
    accessToken: r.str('META_ACCESS_TOKEN'),
    phoneNumberId,
    appSecret: r.str('META_APP_SECRET'),
    verifyToken: r.str('META_VERIFY_TOKEN'),
    graphBaseUrl: (r.url('META_GRAPH_BASE_URL', ['http:', 'https:']) ?? 'https://graph.facebook.com').replace(/\/+$/, ''),
    apiVersion,
    timeoutMs: r.int('META_TIMEOUT_MS', 15_000, 100, 120_000),
  };
  if (selected) {
    const missing = (
      [
        ['META_ACCESS_TOKEN', config.accessToken],
        ['META_PHONE_NUMBER_ID', config.phoneNumberId],
        ['META_APP_SECRET', config.appSecret],
        ['META_VERIFY_TOKEN', config.verifyToken],
      ] as const
    ).filter(([, value]) => value === undefined);
    if (missing.length) r.problems.push(`WHATSAPP_PROVIDER=meta needs ${missing.map(([name]) => name).join(', ')}`);
  }
  return config;
}
