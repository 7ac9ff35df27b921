import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

@Entity('whatsapp_opt_ins')
@Unique('UQ_whatsapp_opt_ins_phone_number', ['phoneNumber'])
export class WhatsappOptInEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** E.164, +9665XXXXXXXX. */
  @Column({ type: 'varchar', length: 20 })
  phoneNumber: string;

  @Column({ type: 'boolean', default: true })
  optInStatus: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  consentTimestamp: Date | null;

  /** e.g. request_form, quick_message_form, inbound_start. */
  @Column({ type: 'varchar', length: 50, nullable: true })
  consentMethod: string | null;

  @Column({ type: 'text', nullable: true })
  consentText: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  userAgent: string | null;

  /** The request that gave the consent, if any (no foreign key: consent outlives requests). */
  @Column({ type: 'int', nullable: true })
  requestId: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastContactedAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ type: 'varchar', length: 50, nullable: true })
  revokedMethod: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  // ---- Added by the product ----

  /** Last inbound message from this number: opens WhatsApp's 24-hour customer-service window. */
  @Column({ type: 'timestamptz', nullable: true })
  lastInboundAt: Date | null;

  /** Last auto-reply sent (at most one per 24 hours). */
  @Column({ type: 'timestamptz', nullable: true })
  lastAutoReplyAt: Date | null;
}
