import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { PASSWORD_HASH_OPTIONS } from './password-hash-options';

/**
 * argon2id hashing for passwords and security answers. A check for an unknown user runs the same
 * verification against a dummy hash, so the answer takes the same work whether or not the user exists.
 */
@Injectable()
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  hash(plain: string): Promise<string> {
    return argon2.hash(plain, PASSWORD_HASH_OPTIONS);
  }

  async verify(hash: string, plain: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, plain);
    } catch {
      return false;
    }
  }

  /** The same argon2 work as verify(), against a hash nobody knows the password of. Always false. */
  async verifyDummy(plain: string): Promise<false> {
    this.dummyHash ??= argon2.hash(randomBytes(24).toString('base64url'), PASSWORD_HASH_OPTIONS);
    await this.verify(await this.dummyHash, plain);
    return false;
  }
}

/** Security answers are compared after trimming and case folding. */
export function normalizeSecurityAnswer(answer: string): string {
  return answer.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-US');
}
