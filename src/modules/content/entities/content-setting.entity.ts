import { Check, Column, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';
import { checkIn } from '../../../database/check-list';

export const CONTENT_TYPES = ['text', 'json', 'image'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Editable site texts (site_title, hero_title, contact_phone, hero_verse, ...). */
@Entity('content_settings')
@Unique('UQ_content_settings_key', ['key'])
@Check('CHK_content_settings_type', checkIn('type', CONTENT_TYPES))
export class ContentSettingEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  key: string;

  @Column({ type: 'text', nullable: true })
  value: string | null;

  @Column({ type: 'varchar', length: 10, default: 'text' })
  type: ContentType;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
