import { createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { deriveKey, sha256Hex } from '../../../common/crypto/secrets';
import { SELF_SERVICE_TOKEN_PATTERN } from '../../../shared/self-service';

/** What a request keeps of its link: the salt (to derive the token again) and the token's hash (to find it). */
export interface StoredLink {
  selfServiceSalt: string;
  selfServiceTokenHash: string;
}

/**
 * The host's personal link. The token is HMAC-SHA256(key, salt) in base64url (43 characters, never
 * holding the request number), with a 256-bit random salt per request and a key derived from
 * APP_SECRET: the request keeps only the salt and the token's SHA-256, so every later status update
 * can carry the same link while a copy of the database alone opens nothing. SHA-256 suffices for the
 * hash: the token is random, there is nothing to guess. The salt is drawn before the INSERT (the id
 * is not known yet), so the link costs the public form no statement of its own.
 */
@Injectable()
export class SelfServiceLinks {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = deriveKey(config.appSecret, 'self-service-links');
  }

  /** A new link: the columns to store with the request, and its token (for the message only). */
  issue(): StoredLink & { token: string } {
    const selfServiceSalt = randomBytes(32).toString('base64url');
    const token = this.tokenOf(selfServiceSalt);
    return { selfServiceSalt, selfServiceTokenHash: sha256Hex(token), token };
  }

  /** The token a stored salt gives. */
  tokenOf(salt: string): string {
    return createHmac('sha256', this.key).update(`self-service:${salt}`).digest('base64url');
  }

  /** The stored form of a token; null for text that cannot be a token (answered like an unknown one). */
  hashOf(token: unknown): string | null {
    return typeof token === 'string' && SELF_SERVICE_TOKEN_PATTERN.test(token) ? sha256Hex(token) : null;
  }
}
