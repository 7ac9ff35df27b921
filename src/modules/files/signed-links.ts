import { createHmac } from 'node:crypto';
import { safeEqual } from '../../common/crypto/secrets';

/**
 * Signed links of the local driver: the claims as base64url JSON, a dot, and their HMAC. They carry
 * their own expiry, so no state is needed to check them; single use comes from the object path
 * (an upload may only create a file that does not exist yet).
 */
export interface UploadClaims {
  kind: 'upload';
  path: string;
  type: string;
  max: number;
  exp: number;
}

export interface DownloadClaims {
  kind: 'download';
  path: string;
  type: string;
  name: string;
  disp: 'inline' | 'attachment';
  exp: number;
}

export type LinkClaims = UploadClaims | DownloadClaims;

export function signLink(key: Buffer, claims: LinkClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The claims of a valid, unexpired link of that kind; null for anything else. */
export function readLink<K extends LinkClaims['kind']>(
  key: Buffer,
  token: unknown,
  kind: K,
  nowMs: number,
): Extract<LinkClaims, { kind: K }> | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  if (!safeEqual(mac, createHmac('sha256', key).update(body).digest('base64url'))) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkClaims;
    if (claims.kind !== kind || typeof claims.exp !== 'number' || claims.exp * 1000 < nowMs) return null;
    return claims as Extract<LinkClaims, { kind: K }>;
  } catch {
    return null;
  }
}
