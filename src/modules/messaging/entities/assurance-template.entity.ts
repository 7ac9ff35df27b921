import { Check, Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { checkIn } from '../../../database/check-list';

export const ASSURANCE_TEMPLATE_CATEGORIES = ['utility', 'authentication', 'marketing'] as const;
export type AssuranceTemplateCategory = (typeof ASSURANCE_TEMPLATE_CATEGORIES)[number];

/**
 * WhatsApp templates (newRequest, statusUpdate, customMessage, requestConfirmation, verificationCode,
 * securityAlert, inquiryReceived, autoReply, hostCancelled). Content SIDs come from configuration at start.
 */
@Entity('assurance_templates')
@Check('CHK_assurance_templates_category', checkIn('category', ASSURANCE_TEMPLATE_CATEGORIES))
export class AssuranceTemplateEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  /** Provider content SID (Twilio HX...); the console driver needs none. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  contentSid: string | null;

  @Column({ type: 'int', default: 0 })
  placeholdersCount: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  // ---- Added by the product ----

  @Column({ type: 'varchar', length: 100, nullable: true })
  name: string | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  category: AssuranceTemplateCategory | null;

  @Column({ type: 'varchar', length: 10, default: 'ar' })
  language: string;

  /** Arabic components: [{ type: 'HEADER' | 'BODY' | 'FOOTER', text }]. */
  @Column({ type: 'jsonb', default: '[]' })
  components: unknown[];

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
