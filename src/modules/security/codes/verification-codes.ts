import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { deriveKey, hmacHex } from '../../../common/crypto/secrets';
import { VERIFICATION_CODE_MAX_TRIES, VERIFICATION_CODE_VALIDITY_MINUTES } from '../../../shared/constants';

/** Verification codes (login, reset, password change): 6 digits, 5 minutes, single use, 5 wrong tries. */
export const CODE_TTL_MS = VERIFICATION_CODE_VALIDITY_MINUTES * 60 * 1000;
export const CODE_MAX_FAILED_ATTEMPTS = VERIFICATION_CODE_MAX_TRIES;

/**
 * Makes and hashes codes. A code is stored only as an HMAC under a key derived from APP_SECRET, so a
 * pending code can be found by its value and a stolen table reveals none.
 */
@Injectable()
export class VerificationCodes {
  private readonly key: Buffer;
  private readonly emergencyKey: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = deriveKey(config.appSecret, 'codes');
    this.emergencyKey = deriveKey(config.appSecret, 'emergency-codes');
  }

  /** Six digits from a cryptographic generator (leading zeros kept). */
  generate(): string {
    return String(randomInt(0, 1_000_000)).padStart(6, '0');
  }

  hash(code: string): string {
    return hmacHex(this.key, code.trim());
  }

  /** Emergency master codes: compared upper-cased, without surrounding spaces. */
  hashMasterCode(masterCode: string): string {
    return hmacHex(this.emergencyKey, masterCode.trim().toUpperCase());
  }
}
