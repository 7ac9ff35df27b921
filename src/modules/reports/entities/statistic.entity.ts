import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('statistics')
@Index('IDX_statistics_metric_date', ['metric', 'date'])
@Index('IDX_statistics_period_date', ['period', 'date'])
export class StatisticEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  metric: string;

  @Column({ type: 'jsonb', nullable: true })
  value: unknown;

  /** e.g. daily, monthly. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  period: string | null;

  /** YYYY-MM-DD (Asia/Riyadh). */
  @Column({ type: 'date', nullable: true })
  date: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
