import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('login_attempts')
@Index('IDX_login_attempts_username_attempted_at', ['username', 'attemptedAt'])
// The security tab's list, newest first (migration 1764600000001).
@Index('IDX_login_attempts_attempted_at', ['attemptedAt', 'id'])
export class LoginAttemptEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  username: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  userAgent: string | null;

  @Column({ type: 'boolean' })
  success: boolean;

  /** invalid_password, invalid_username, geo_blocked, account_frozen, invalid_verification_code. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  failureReason: string | null;

  /** Defaults to now; may be set explicitly from the injectable clock. */
  @CreateDateColumn({ type: 'timestamptz' })
  attemptedAt: Date;

  @Column({ type: 'varchar', length: 100, nullable: true })
  country: string | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  countryCode: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  city: string | null;

  /** Hash of the session issued by a successful login. */
  @Column({ type: 'varchar', length: 128, nullable: true })
  sessionToken: string | null;
}
