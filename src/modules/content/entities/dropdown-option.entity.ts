import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';
import type { ImportantPlaceGroup } from '../../../shared/labels';
import { checkIn } from '../../../database/check-list';
import { IMPORTANT_PLACE_GROUPS } from '../../../shared/labels';

/** Option lists: type is eventTypes, foodTypes or importantPlaces. */
@Entity('dropdown_options')
@Unique('UQ_dropdown_options_type_value', ['type', 'value'])
@Check('CHK_dropdown_options_place_group', checkIn('place_group', IMPORTANT_PLACE_GROUPS))
export class DropdownOptionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50 })
  type: string;

  @Column({ type: 'varchar', length: 100 })
  value: string;

  @Column({ type: 'varchar', length: 200 })
  label: string;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @Column({ type: 'int', default: 0 })
  sortOrder: number;

  /**
   * An important place's group, chosen by the administrator (never read from `value`); null on the other
   * lists. Read through `placeGroupOf`, so a row inserted without one counts as «أماكن أخرى».
   */
  @Column({ name: 'place_group', type: 'varchar', length: 20, nullable: true })
  group: ImportantPlaceGroup | null;

  /** An important place's position (picked on a map); the pickups map shows its requests there. */
  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
