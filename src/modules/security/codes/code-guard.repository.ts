import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * The counts behind the code guard: code checks per account (code_check_counters) and codes issued.
 * Each count is one statement that increments and reads at once, so calls racing each other never
 * read the same count.
 */
@Injectable()
export class CodeGuardRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Counts one check of a username's code and says whether it may be judged: false while the
   * account is blocked or its window already holds `limit` checks. A window that is over (and not
   * blocked), or a block that has ended, starts again at this check.
   */
  async reserve(username: string, now: Date, windowFrom: Date, limit: number): Promise<boolean> {
    const fresh = `((c.blocked_until IS NULL AND c.window_started_at <= $3) OR c.blocked_until <= $2)`;
    const rows = (await this.db.query(
      `INSERT INTO code_check_counters AS c (username, window_started_at, checks) VALUES ($1, $2, 1)
       ON CONFLICT (username) DO UPDATE SET
              window_started_at = CASE WHEN ${fresh} THEN $2 ELSE c.window_started_at END,
              checks = CASE WHEN ${fresh} THEN 1 ELSE c.checks + 1 END,
              blocked_until = CASE WHEN ${fresh} THEN NULL ELSE c.blocked_until END
        WHERE ${fresh} OR (c.blocked_until IS NULL AND c.checks < $4)
       RETURNING c.checks`,
      [username, now, windowFrom, limit],
    )) as { checks: number }[];
    return rows.length > 0;
  }

  /** When a refused check may be tried again: the block's end, else the end of the full window. */
  async refusedUntil(username: string, windowMs: number): Promise<Date | null> {
    const [row] = (await this.db.query(
      `SELECT coalesce(blocked_until, window_started_at + make_interval(secs => $2::double precision / 1000)) AS until
         FROM code_check_counters WHERE username = $1`,
      [username, windowMs],
    )) as { until: Date }[];
    return row?.until ?? null;
  }

  /** A right code gives its check back (it was counted before it was compared). */
  async release(username: string): Promise<void> {
    await this.db.query(`UPDATE code_check_counters SET checks = checks - 1 WHERE username = $1 AND checks > 0`, [username]);
  }

  /**
   * After a wrong code: blocks the account until `until` when its window holds `limit` checks and no
   * block is on. True for the one call that set the block (it raises the alert).
   */
  async blockAtLimit(username: string, now: Date, until: Date, limit: number): Promise<boolean> {
    const [rows] = (await this.db.query(
      `UPDATE code_check_counters SET blocked_until = $3
        WHERE username = $1 AND checks >= $4 AND (blocked_until IS NULL OR blocked_until <= $2)
       RETURNING username`,
      [username, now, until, limit],
    )) as [unknown[], number];
    return rows.length > 0;
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
