import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { numericTransformer } from '../../../database/numeric.transformer';

/** Administrator's manual homepage figures; the active row overrides the computed ones. */
@Entity('manual_homepage_statistics')
export class ManualHomepageStatisticsEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int', default: 0 })
  totalRequests: number;

  @Column({ type: 'int', default: 0 })
  uniquePhones: number;

  @Column({ type: 'numeric', precision: 12, scale: 2, default: 0, transformer: numericTransformer })
  foodSavedKg: number;

  @Column({ type: 'int', default: 0 })
  familiesBenefited: number;

  @Column({ type: 'int', default: 0 })
  successfulEvents: number;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Username of the administrator who last changed it. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  updatedBy: string | null;
}
