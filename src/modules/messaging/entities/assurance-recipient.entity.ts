import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import { AssuranceNotificationGroupEntity } from './assurance-notification-group.entity';

@Entity('assurance_recipients')
@Index('IDX_assurance_recipients_group_id', ['groupId'])
export class AssuranceRecipientEntity {
  @PrimaryGeneratedColumn({ name: 'recipient_id' })
  recipientId: number;

  @Column({ type: 'int' })
  groupId: number;

  @ManyToOne(() => AssuranceNotificationGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'group_id', foreignKeyConstraintName: 'FK_assurance_recipients_group_id' })
  group?: Relation<AssuranceNotificationGroupEntity>;

  /** E.164. */
  @Column({ type: 'varchar', length: 20 })
  whatsapp: string;

  /** e.g. customer, admin. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  role: string | null;

  @Column({ type: 'boolean', default: false })
  optedIn: boolean;

  /** Starts as pending. */
  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: string;

  @Column({ type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  stopReason: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
