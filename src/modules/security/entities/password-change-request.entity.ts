import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import { UserEntity } from './user.entity';
import { checkIn } from '../../../database/check-list';

export const PASSWORD_CHANGE_PURPOSES = ['reset', 'change'] as const;
export type PasswordChangePurpose = (typeof PASSWORD_CHANGE_PURPOSES)[number];

@Entity('password_change_requests')
@Check('CHK_password_change_requests_purpose', checkIn('purpose', PASSWORD_CHANGE_PURPOSES))
@Index('IDX_password_change_requests_user_id_created_at', ['userId', 'createdAt'])
export class PasswordChangeRequestEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_password_change_requests_user_id' })
  user?: Relation<UserEntity>;

  /** HMAC of the 6-digit code. */
  @Column({ type: 'varchar', length: 128 })
  verificationCode: string;

  /** Null for a reset: the code is requested before the new password is known. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  newPasswordHash: string | null;

  @Column({ type: 'boolean', default: false })
  isUsed: boolean;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  // ---- Added by the product ----

  @Column({ type: 'varchar', length: 10, default: 'change' })
  purpose: PasswordChangePurpose;

  @Column({ type: 'int', default: 0 })
  failedAttempts: number;
}
