import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import type { Relation } from 'typeorm';
import type { AttemptStatus } from '../../../shared/delivery';
import { AssuranceNotificationGroupEntity } from './assurance-notification-group.entity';
import { AssuranceRecipientEntity } from './assurance-recipient.entity';
import { checkIn } from '../../../database/check-list';
import { ATTEMPT_STATUSES } from '../../../shared/delivery';

export type AssuranceAttemptStatus = AttemptStatus;

/**
 * One outgoing WhatsApp message to one recipient (the outbox). Written in the same transaction as the
 * change that causes it, delivered by the worker. While `sending`, nextAttemptAt is the claim's lease.
 */
@Entity('assurance_attempts')
@Unique('UQ_assurance_attempts_group_recipient_template', ['groupId', 'recipientId', 'templateKey'])
@Unique('UQ_assurance_attempts_idempotency_key', ['idempotencyKey'])
@Check('CHK_assurance_attempts_status', checkIn('status', ATTEMPT_STATUSES))
@Index('IDX_assurance_attempts_status_next_attempt_at', ['status', 'nextAttemptAt'])
@Index('IDX_assurance_attempts_recipient_id', ['recipientId'])
@Index('IDX_assurance_attempts_provider_message_id', ['providerMessageId'])
// Partial (failed and undelivered only), made by migration 1764300000000: the dashboard's last-24-hours card.
@Index('IDX_assurance_attempts_final_updated', { synchronize: false })
export class AssuranceAttemptEntity {
  @PrimaryGeneratedColumn({ name: 'attempt_id' })
  attemptId: number;

  @Column({ type: 'int' })
  groupId: number;

  @ManyToOne(() => AssuranceNotificationGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'FK_assurance_attempts_group_id' })
  group?: Relation<AssuranceNotificationGroupEntity>;

  @Column({ type: 'int' })
  recipientId: number;

  @ManyToOne(() => AssuranceRecipientEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'recipient_id', foreignKeyConstraintName: 'FK_assurance_attempts_recipient_id' })
  recipient?: Relation<AssuranceRecipientEntity>;

  /** assurance_templates.key (no foreign key: templates are upserted from configuration at start). */
  @Column({ type: 'varchar', length: 64 })
  templateKey: string;

  /** Non-secret template variables ({ "1": "...", ... }); secrets live in secretVariables. */
  @Column({ type: 'jsonb', nullable: true })
  contentVariables: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 20, default: 'queued' })
  status: AssuranceAttemptStatus;

  /** Twilio's SID or Meta's wamid (which runs past 64 characters). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerMessageId: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  providerErrorCode: string | null;

  @Column({ type: 'text', nullable: true })
  providerErrorMessage: string | null;

  @Column({ type: 'varchar', length: 200 })
  idempotencyKey: string;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** When the next try is due; while status is `sending`, the end of the worker's lease. */
  @Column({ type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  // ---- Added by the product ----

  /** Encrypted secret variables (verification codes); wiped when the attempt is final. */
  @Column({ type: 'text', nullable: true })
  secretVariables: string | null;

  /** Free-text body, for a message inside the customer's 24-hour window. */
  @Column({ type: 'text', nullable: true })
  body: string | null;

  /**
   * How many times the attempt was claimed. Each claim is queued under its own job id (key.claims),
   * so a job left active by a dead worker never hides the next one, and a stale job is dropped.
   */
  @Column({ type: 'int', default: 0 })
  claims: number;

  /** Worker that holds the current claim. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  claimedBy: string | null;
}
