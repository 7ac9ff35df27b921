import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One row per outgoing message, with secrets masked. Plain requestId: logs outlive requests. */
@Entity('notification_logs')
@Index('IDX_notification_logs_request_id', ['requestId'])
@Index('IDX_notification_logs_provider_message_id', ['providerMessageId'])
@Index('IDX_notification_logs_attempt_id', ['attemptId'])
export class NotificationLogEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int', nullable: true })
  requestId: number | null;

  /** E.164. */
  @Column({ type: 'varchar', length: 20 })
  recipientPhone: string;

  /** e.g. customer, admin. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  recipientType: string | null;

  @Column({ type: 'varchar', length: 64 })
  notificationType: string;

  @Column({ type: 'text', nullable: true })
  messageContent: string | null;

  @Column({ type: 'varchar', length: 32 })
  status: string;

  @Column({ type: 'text', nullable: true })
  errorMessage: string | null;

  /** Twilio's SID or Meta's wamid (which runs past 64 characters). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  providerMessageId: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  // ---- Added by the product ----

  /** assurance_attempts.attempt_id this log line belongs to. */
  @Column({ type: 'int', nullable: true })
  attemptId: number | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  templateKey: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  providerErrorCode: string | null;
}
