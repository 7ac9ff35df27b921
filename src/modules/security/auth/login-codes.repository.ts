import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { LoginVerificationCodeEntity } from '../entities/login-verification-code.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

/** login_verification_codes: the WhatsApp codes that complete a login. */
@Injectable()
export class LoginCodesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Judges `hashedCode` against the username's newest live code in one statement: a match uses the
   * code up, a miss counts against it and the `maxFailures`th miss voids it. The row lock orders
   * racing calls, and each re-checks the code is still unused, unexpired and under its limit, so a
   * code is judged at most `maxFailures` times, used at most once and never made unused again.
   * Null when there was no live code to judge.
   */
  async judge(username: string, hashedCode: string, now: Date, maxFailures: number): Promise<{ matched: boolean } | null> {
    const [rows] = (await this.db.query(
      `UPDATE login_verification_codes c
          SET failed_attempts = c.failed_attempts + CASE WHEN c.verification_code = $2 THEN 0 ELSE 1 END,
              is_used = (c.verification_code = $2 OR c.failed_attempts + 1 >= $4)
        WHERE c.id = (SELECT id FROM login_verification_codes WHERE username = $1 AND is_used = false ORDER BY id DESC LIMIT 1)
          AND c.is_used = false AND c.expires_at > $3 AND c.failed_attempts < $4
       RETURNING (c.verification_code = $2) AS matched`,
      [username, hashedCode, now, maxFailures],
    )) as [{ matched: boolean }[], number];
    return rows[0] ?? null;
  }

  /** Voids every unused code of a username. */
  async voidPending(scope: DbScope, username: string): Promise<void> {
    const manager = managerOf(scope);
    await manager.update(LoginVerificationCodeEntity, { username, isUsed: false }, { isUsed: true });
  }

  async insert(scope: DbScope, code: Partial<LoginVerificationCodeEntity>): Promise<void> {
    const manager = managerOf(scope);
    await manager.insert(LoginVerificationCodeEntity, code);
  }
}
