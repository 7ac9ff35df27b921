import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { PasswordChangePurpose, PasswordChangeRequestEntity } from '../entities/password-change-request.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

/** password_change_requests: reset and change codes, with the new hash of a change. */
@Injectable()
export class PasswordRequestsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Judges `hashedCode` against the user's newest live request of this purpose in one statement: a
   * match uses it up, a miss counts against it and the `maxFailures`th miss voids it (and drops its
   * new hash). Racing calls are ordered by the row lock and each re-checks the request is still
   * unused, unexpired and under its limit. Null when there was no live request to judge.
   */
  async judge(
    userId: number,
    purpose: PasswordChangePurpose,
    hashedCode: string,
    now: Date,
    maxFailures: number,
  ): Promise<{ id: number; matched: boolean; newPasswordHash: string | null } | null> {
    const [rows] = (await this.db.query(
      `UPDATE password_change_requests p
          SET failed_attempts = p.failed_attempts + CASE WHEN p.verification_code = $3 THEN 0 ELSE 1 END,
              is_used = (p.verification_code = $3 OR p.failed_attempts + 1 >= $5),
              new_password_hash = CASE WHEN p.verification_code <> $3 AND p.failed_attempts + 1 >= $5 THEN NULL ELSE p.new_password_hash END
        WHERE p.id = (SELECT id FROM password_change_requests WHERE user_id = $1 AND purpose = $2 AND is_used = false ORDER BY id DESC LIMIT 1)
          AND p.is_used = false AND p.expires_at > $4 AND p.failed_attempts < $5
       RETURNING p.id, (p.verification_code = $3) AS matched, p.new_password_hash AS "newPasswordHash"`,
      [userId, purpose, hashedCode, now, maxFailures],
    )) as [{ id: number; matched: boolean; newPasswordHash: string | null }[], number];
    return rows[0] ?? null;
  }

  async clearNewPasswordHash(scope: DbScope, id: number): Promise<void> {
    await managerOf(scope).update(PasswordChangeRequestEntity, { id }, { newPasswordHash: null });
  }

  /** Voids the user's unused requests of this purpose. */
  async voidPending(scope: DbScope, userId: number, purpose: PasswordChangePurpose): Promise<void> {
    const manager = managerOf(scope);
    await manager.update(PasswordChangeRequestEntity, { userId, purpose, isUsed: false }, { isUsed: true, newPasswordHash: null });
  }

  async insert(scope: DbScope, request: Partial<PasswordChangeRequestEntity>): Promise<void> {
    const manager = managerOf(scope);
    await manager.insert(PasswordChangeRequestEntity, request);
  }
}
