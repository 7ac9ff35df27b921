import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { Relation } from 'typeorm';
import { UserEntity } from './user.entity';

@Entity('admin_sessions')
@Unique('UQ_admin_sessions_token', ['token'])
@Index('IDX_admin_sessions_user_id', ['userId'])
export class AdminSessionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'FK_admin_sessions_user_id' })
  user?: Relation<UserEntity>;

  /** SHA-256 hash of the session secret (the secret itself is never stored). */
  @Column({ type: 'varchar', length: 128 })
  token: string;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  userAgent: string | null;

  // ---- Added by the product ----

  /** Last use (idle timeout of 1 hour). */
  @Column({ type: 'timestamptz', nullable: true })
  lastSeenAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  /** e.g. logout, password_changed, account_frozen, expired. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  endReason: string | null;

  @Column({ type: 'boolean', default: false })
  isEmergency: boolean;
}
