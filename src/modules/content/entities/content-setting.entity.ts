import { Check, Column, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

export type ContentType = 'text' | 'json' | 'image';

/** Editable site texts (site_title, hero_title, contact_phone, hero_verse, ...). */
@Entity('content_settings')
@Unique('UQ_content_settings_key', ['key'])
@Check('CHK_content_settings_type', "type IN ('text','json','image')")
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
