import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import { LocationDistrictEntity } from './location-district.entity';

@Entity('location_streets')
@Index('IDX_location_streets_district_id', ['districtId'])
export class LocationStreetEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  value: string;

  @Column({ type: 'int' })
  districtId: number;

  @ManyToOne(() => LocationDistrictEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'district_id', foreignKeyConstraintName: 'FK_location_streets_district_id' })
  district?: Relation<LocationDistrictEntity>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
