import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('login_verification_codes')
@Index('IDX_login_verification_codes_username_created_at', ['username', 'createdAt'])
export class LoginVerificationCodeEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  username: string;

  /** HMAC of the 6-digit code. */
  @Column({ type: 'varchar', length: 128 })
  verificationCode: string;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'boolean', default: false })
  isUsed: boolean;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  userAgent: string | null;

  // ---- Added by the product ----

  @Column({ type: 'int', default: 0 })
  failedAttempts: number;
}
