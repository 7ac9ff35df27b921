import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

@Entity('account_security_status')
@Unique('UQ_account_security_status_username', ['username'])
export class AccountSecurityStatusEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  username: string;

  @Column({ type: 'boolean', default: false })
  isFrozen: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  frozenAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  frozenUntil: Date | null;

  @Column({ type: 'int', default: 0 })
  failedAttempts: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastFailedAttempt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastSuccessfulLogin: Date | null;

  /** ISO 3166-1 alpha-2 codes. */
  @Column({ type: 'text', array: true, default: '{SA}' })
  allowedCountries: string[];

  @Column({ type: 'boolean', default: true })
  geoAlertEnabled: boolean;

  @Column({ type: 'int', default: 3 })
  maxFailedAttempts: number;

  @Column({ type: 'int', default: 30 })
  freezeDurationMinutes: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
