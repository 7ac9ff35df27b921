import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { checkIn } from '../../../database/check-list';
import { SECURITY_ALERT_SEVERITIES } from '../../../shared/api/security';

export type SecurityAlertSeverity = 'high' | 'medium' | 'low';

@Entity('security_alerts')
@Check('CHK_security_alerts_severity', checkIn('severity', SECURITY_ALERT_SEVERITIES))
@Index('IDX_security_alerts_resolved_created_at', ['resolved', 'createdAt'])
// The alerts list's sorts (migration 1764600000001); the severity rank is an expression index TypeORM cannot declare.
@Index('IDX_security_alerts_created_at', ['createdAt', 'id'])
@Index('IDX_security_alerts_severity_rank', { synchronize: false })
export class SecurityAlertEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** geo_alert, geo_block, account_frozen, failed_login, security_breach, ... */
  @Column({ type: 'varchar', length: 50 })
  alertType: string;

  @Column({ type: 'varchar', length: 10, default: 'medium' })
  severity: SecurityAlertSeverity;

  @Column({ type: 'varchar', length: 100, nullable: true })
  username: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  country: string | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  countryCode: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** Any JSON object (typed `object` so insert() accepts nested nulls and interface-typed values). */
  @Column({ type: 'jsonb', nullable: true })
  metadata: object | null;

  @Column({ type: 'boolean', default: false })
  resolved: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;

  /** Username of the administrator who resolved it. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  resolvedBy: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
