import { deriveKey } from '../../../common/crypto/secrets';

/** The HS256 key for session tokens, derived from APP_SECRET. */
export function sessionSigningKey(appSecret: string): string {
  return deriveKey(appSecret, 'session-jwt').toString('base64');
}
