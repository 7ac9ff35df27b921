import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Code checks (login, password reset and change codes) per username, counted before each code is
 * compared so that a burst of calls judges no more than the limit. Unknown usernames are counted the
 * same way, so the answers never tell them apart.
 */
@Entity('code_check_counters')
export class CodeCheckCounterEntity {
  @PrimaryColumn({ type: 'varchar', length: 100, primaryKeyConstraintName: 'PK_code_check_counters' })
  username: string;

  /** Start of the current window: the first check after the previous window ended. */
  @Column({ type: 'timestamptz' })
  windowStartedAt: Date;

  /** Checks in this window that were not a right code (a right code gives its check back). */
  @Column({ type: 'int', default: 0 })
  checks: number;

  /** Set by the check that reaches the limit with a wrong code; none are judged before it. */
  @Column({ type: 'timestamptz', nullable: true })
  blockedUntil: Date | null;
}
