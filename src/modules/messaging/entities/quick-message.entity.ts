import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { QuickMessageStatus, ReplyStatus } from '../../../shared/labels';
import { checkIn } from '../../../database/check-list';
import { QUICK_MESSAGE_STATUSES, REPLY_STATUSES } from '../../../shared/labels';

@Entity('quick_messages')
@Check('CHK_quick_messages_status', checkIn('status', QUICK_MESSAGE_STATUSES))
@Check('CHK_quick_messages_reply_status', checkIn('reply_status', REPLY_STATUSES))
@Index('IDX_quick_messages_created_at', ['createdAt', 'id'])
@Index('IDX_quick_messages_status_created_at', ['status', 'createdAt', 'id'])
@Index('IDX_quick_messages_request_id', ['requestId'])
@Index('IDX_quick_messages_answered_created_at', ['answered', 'createdAt', 'id'])
export class QuickMessageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  senderName: string;

  /** Canonical 05XXXXXXXX. */
  @Column({ type: 'varchar', length: 20 })
  senderPhone: string;

  @Column({ type: 'varchar', length: 100 })
  inquiryType: string;

  @Column({ type: 'varchar', length: 100 })
  inquirySubject: string;

  /** 5 to 500 characters, enforced by validation. */
  @Column({ type: 'varchar', length: 1000 })
  originalMessage: string;

  /** Delivery status of the WhatsApp acknowledgement. */
  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: QuickMessageStatus;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  adminReply: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  repliedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  // ---- Added by the product ----

  /** The sender's latest active request when the inquiry was received. */
  // Named by the entity's name, not imported: messaging does not depend on the requests module.
  @Column({ type: 'int', nullable: true })
  @ForeignKey('RequestEntity', { name: 'FK_quick_messages_request_id', onDelete: 'SET NULL' })
  requestId: number | null;

  /** Delivery status of the administrator's reply (customMessage template). */
  @Column({ type: 'varchar', length: 20, nullable: true })
  replyStatus: ReplyStatus | null;

  @Column({ type: 'text', nullable: true })
  replyErrorMessage: string | null;

  /** Answered: set by an administrator's reply, or by hand (an answer given by phone, say). */
  @Column({ type: 'boolean', default: false })
  answered: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  answeredAt: Date | null;

  /** Delivery error of the acknowledgement. */
  @Column({ type: 'text', nullable: true })
  errorMessage: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
