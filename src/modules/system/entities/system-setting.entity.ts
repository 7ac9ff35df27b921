import { Column, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/** Key/value settings (site_blocked, admin_verification_required, ...). */
@Entity('system_settings')
@Unique('UQ_system_settings_key', ['key'])
export class SystemSettingEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  key: string;

  @Column({ type: 'text', nullable: true })
  value: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Username of the administrator who last changed it. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  updatedBy: string | null;
}
