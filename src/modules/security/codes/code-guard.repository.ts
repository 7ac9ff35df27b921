import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/** The counts behind the code guard: failed code checks and codes issued, per account. */
@Injectable()
export class CodeGuardRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Failed code checks of a username since `since`, and the latest one's time. */
  async failedChecks(username: string, since: Date, manager: EntityManager = this.db.manager): Promise<{ n: number; last: Date | null }> {
    const [row] = await manager.query(
      `SELECT count(*)::int AS n, max(attempted_at) AS last FROM login_attempts
        WHERE username = $1 AND success = false AND failure_reason = 'invalid_verification_code' AND attempted_at >= $2`,
      [username, since],
    );
    return { n: row.n, last: row.last ?? null };
  }

  /** Codes issued to a username since `since`: login codes and password reset/change codes together. */
  async codesIssued(username: string, since: Date): Promise<number> {
    const [row] = await this.db.query(
      `SELECT (SELECT count(*) FROM login_verification_codes WHERE username = $1 AND created_at >= $2)
            + (SELECT count(*) FROM password_change_requests p JOIN users u ON u.id = p.user_id
                WHERE u.username = $1 AND p.created_at >= $2) AS n`,
      [username, since],
    );
    return Number(row.n);
  }
}
