import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { Relation } from 'typeorm';
import { SimpleAreaEntity } from './simple-area.entity';

@Entity('simple_districts')
@Unique('UQ_simple_districts_value_area_value', ['value', 'areaValue'])
export class SimpleDistrictEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  value: string;

  /** The value (not the id) of the area in simple_areas. */
  @Column({ type: 'varchar', length: 100 })
  areaValue: string;

  @ManyToOne(() => SimpleAreaEntity, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({
    name: 'area_value',
    referencedColumnName: 'value',
    foreignKeyConstraintName: 'FK_simple_districts_area_value',
  })
  area?: Relation<SimpleAreaEntity>;

  @Column({ type: 'boolean', default: true })
  isActive: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
