import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Raw provider events (status callbacks, inbound messages) and sweeper findings. */
@Entity('assurance_events')
export class AssuranceEventEntity {
  @PrimaryGeneratedColumn({ name: 'event_id' })
  eventId: number;

  @Column({ type: 'varchar', length: 64 })
  type: string;

  /** Any JSON object (typed `object` so insert() accepts nested nulls and interface-typed values). */
  @Column({ type: 'jsonb', nullable: true })
  payload: object | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
