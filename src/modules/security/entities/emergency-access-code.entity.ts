import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('emergency_access_codes')
// The codes list, newest first (migration 1764600000001).
@Index('IDX_emergency_access_codes_created_at', ['createdAt', 'id'])
export class EmergencyAccessCodeEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** HMAC of the master code; shown in full only once, at creation. */
  @Column({ type: 'varchar', length: 255 })
  masterCode: string;

  @Column({ type: 'varchar', length: 500 })
  securityQuestion: string;

  /** Hash of the security answer. */
  @Column({ type: 'varchar', length: 255 })
  securityAnswer: string;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @Column({ type: 'int', default: 0 })
  usageCount: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  /** Username the emergency session was opened as. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  lastUsedBy: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  lastUsedIp: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  // ---- Added by the product ----

  /** users.id of the administrator who created the code (plain column, no foreign key). */
  @Column({ type: 'int', nullable: true })
  createdBy: number | null;

  /** Wrong answers since the code was created; at EMERGENCY_MAX_FAILURES the code is disabled. */
  @Column({ type: 'int', default: 0 })
  failedAttempts: number;

  /** Masked display form of the master code, e.g. ****-****-AB12. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  codeHint: string | null;
}
