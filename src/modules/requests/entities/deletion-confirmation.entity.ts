import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

@Entity('deletion_confirmations')
@Unique('UQ_deletion_confirmations_confirmation_code', ['confirmationCode'])
@Index('IDX_deletion_confirmations_request_id', ['requestId'])
export class DeletionConfirmationEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The request's number; no foreign key, so the row outlives the request when it is archived (decisions.md). */
  @Column({ type: 'int' })
  requestId: number;

  /** Stored as an HMAC of the code, so a pending code can be found by its value. */
  @Column({ type: 'varchar', length: 128 })
  confirmationCode: string;

  /** Username of the administrator who asked for the deletion. */
  @Column({ type: 'varchar', length: 100 })
  requestedBy: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  confirmedBy: string | null;

  @Column({ type: 'boolean', default: false })
  isConfirmed: boolean;

  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;
}
