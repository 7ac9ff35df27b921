import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';
import { checkIn } from '../../../database/check-list';
import { IMPACT_PERIOD_TYPES } from '../../../shared/labels';

export type ImpactReportPeriodType = 'weekly' | 'monthly' | 'quarterly' | 'annual' | 'custom';

@Entity('impact_reports')
@Unique('UQ_impact_reports_share_token', ['shareToken'])
@Check('CHK_impact_reports_period_type', checkIn('period_type', IMPACT_PERIOD_TYPES))
export class ImpactReportEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'varchar', length: 20 })
  periodType: ImpactReportPeriodType;

  /** YYYY-MM-DD. */
  @Column({ type: 'date' })
  startDate: string;

  /** YYYY-MM-DD. */
  @Column({ type: 'date' })
  endDate: string;

  /** Snapshot of the figures taken at creation (returned to clients as a JSON string). */
  @Column({ type: 'jsonb' })
  reportData: object;

  /** Random, URL-safe, at least 128 bits. */
  @Column({ type: 'varchar', length: 64 })
  shareToken: string;

  @Column({ type: 'boolean', default: false })
  isPublic: boolean;

  @Column({ type: 'int', default: 0 })
  views: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Username of the administrator who created it. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  createdBy: string | null;
}
