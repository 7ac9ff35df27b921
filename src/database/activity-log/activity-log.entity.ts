import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('activity_logs')
@Index('IDX_activity_logs_created_at', ['createdAt'])
@Index('IDX_activity_logs_entity', ['entityType', 'entityId', 'createdAt'])
export class ActivityLogEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** request_created, status_changed, request_deleted, ... */
  @Column({ type: 'varchar', length: 64 })
  action: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  entityType: string | null;

  /** Id (or key) of the entity, as text. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  entityId: string | null;

  /** Any JSON object (typed `object` so insert() accepts nested nulls and interface-typed values). */
  @Column({ type: 'jsonb', nullable: true })
  metadata: object | null;

  /** users.id (plain column, no foreign key: logs outlive users). */
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  userAgent: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
