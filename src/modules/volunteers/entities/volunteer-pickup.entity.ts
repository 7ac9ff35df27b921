import { Check, Column, Entity, ForeignKey, Index, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { checkIn } from '../../../database/check-list';
import { numericTransformer } from '../../../database/numeric.transformer';
import { NOT_COLLECTED_REASONS, type CollectionChecks, type NotCollectedReason } from '../../../shared/volunteer';

/**
 * What a volunteer did with a pickup, from their page: set out, collected (weighed kilograms and the three
 * food-safety checks), or not collected and why. One row per request; it goes with the request.
 */
@Entity('volunteer_pickups')
@Check('CHK_volunteer_pickups_reason', checkIn('not_collected_reason', NOT_COLLECTED_REASONS))
@Index('IDX_volunteer_pickups_volunteer', ['volunteerId', 'onTheWayAt'])
export class VolunteerPickupEntity {
  @PrimaryColumn({ type: 'int', primaryKeyConstraintName: 'PK_volunteer_pickups_request_id' })
  @ForeignKey('RequestEntity', { name: 'FK_volunteer_pickups_request_id', onDelete: 'CASCADE' })
  requestId: number;

  @Column({ type: 'int' })
  @ForeignKey('VolunteerEntity', { name: 'FK_volunteer_pickups_volunteer_id', onDelete: 'RESTRICT' })
  volunteerId: number;

  @Column({ type: 'timestamptz', nullable: true })
  onTheWayAt: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  collectedAt: Date | null;

  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true, transformer: numericTransformer })
  weighedKg: number | null;

  @Column({ type: 'jsonb', nullable: true })
  checks: CollectionChecks | null;

  @Column({ type: 'timestamptz', nullable: true })
  notCollectedAt: Date | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  notCollectedReason: NotCollectedReason | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  note: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
