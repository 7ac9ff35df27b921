import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One business event that fans out to one or more recipients (e.g. a new request to every admin). */
@Entity('assurance_notification_groups')
@Index('IDX_assurance_notification_groups_form_id', ['formId'])
export class AssuranceNotificationGroupEntity {
  @PrimaryGeneratedColumn({ name: 'group_id' })
  groupId: number;

  @Column({ type: 'varchar', length: 64 })
  type: string;

  /** The form / record the group is about (e.g. a request id as text). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  formId: string | null;

  /** E.164. */
  @Column({ type: 'varchar', length: 20, nullable: true })
  requesterWhatsapp: string | null;

  /** Any JSON object (typed `object` so insert() accepts nested nulls and interface-typed values). */
  @Column({ type: 'jsonb', nullable: true })
  variablesJson: object | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  // ---- Added by the product ----

  @Column({ type: 'varchar', length: 100, nullable: true })
  reason: string | null;
}
