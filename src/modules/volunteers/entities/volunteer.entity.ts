import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A volunteer or driver of the charity (decisions.md, wave 4): who collects the pickups. */
@Entity('volunteers')
@Index('UQ_volunteers_whatsapp', ['whatsapp'], { unique: true })
@Index('IDX_volunteers_name', ['name', 'id'])
export class VolunteerEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  /** A Saudi mobile in E.164 (+9665XXXXXXXX): their WhatsApp, and the key of their opt-in. */
  @Column({ type: 'varchar', length: 16 })
  whatsapp: string;

  /** simple_areas values they serve; empty: every area. */
  @Column({ type: 'text', array: true, default: '{}' })
  areas: string[];

  /** A note on their vehicle, such as «سيارة مبردة». */
  @Column({ type: 'varchar', length: 100, nullable: true })
  vehicle: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  notes: string | null;

  /** A volunteer with history is deactivated, never deleted. */
  @Column({ type: 'boolean', default: true })
  active: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
