import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import { LocationAreaEntity } from './location-area.entity';

@Entity('location_districts')
@Index('IDX_location_districts_area_id', ['areaId'])
export class LocationDistrictEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  value: string;

  @Column({ type: 'int' })
  areaId: number;

  @ManyToOne(() => LocationAreaEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'area_id', foreignKeyConstraintName: 'FK_location_districts_area_id' })
  area?: Relation<LocationAreaEntity>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
