import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import { deriveKey, sha256Hex } from '../../../common/crypto/secrets';
// The same shape as the host's link token: 43 base64url characters.
import { SELF_SERVICE_TOKEN_PATTERN } from '../../../shared/self-service';

/** What a volunteer keeps of their link: the salt (to derive the token again) and the token's hash (to find it). */
export interface VolunteerLink {
  linkSalt: string;
  linkHash: string;
}

/**
 * A volunteer's own page link (/t/{token}), made as the host's (self-service-links.ts) under a key of its
 * own: the token is HMAC-SHA256(key, salt) in base64url, 256 random bits of salt per link; the volunteer
 * keeps the salt and the token's SHA-256, so every message can carry the link again while a copy of the
 * database alone opens nothing. «رابط جديد» draws a new salt: the old token no longer matches any hash.
 */
@Injectable()
export class VolunteerLinks {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = deriveKey(config.appSecret, 'volunteer-links');
  }

  issue(): VolunteerLink & { token: string } {
    const linkSalt = randomBytes(32).toString('base64url');
    const token = this.tokenOf(linkSalt);
    return { linkSalt, linkHash: sha256Hex(token), token };
  }

  tokenOf(salt: string): string {
    return createHmac('sha256', this.key).update(`volunteer:${salt}`).digest('base64url');
  }

  /** The stored form of a token; null for text that cannot be a token (answered like an unknown one). */
  hashOf(token: unknown): string | null {
    return typeof token === 'string' && SELF_SERVICE_TOKEN_PATTERN.test(token) ? sha256Hex(token) : null;
  }
}
