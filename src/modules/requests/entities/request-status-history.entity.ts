import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { RequestStatus } from '../../../shared/labels';
import type { StatusActorType } from '../../../shared/api/requests';
import { checkIn } from '../../../database/check-list';
import { STATUS_ACTOR_TYPES } from '../../../shared/api/requests';

/** One status change of a request: from, to, who (administrator, host or system), when and why. */
@Entity('request_status_history')
@Check('CHK_request_status_history_actor_type', checkIn('actor_type', STATUS_ACTOR_TYPES))
@Index('IDX_request_status_history_request', ['requestId', 'createdAt', 'id'])
export class RequestStatusHistoryEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The request's number; no foreign key, so the history outlives an archived request. */
  @Column({ type: 'int' })
  requestId: number;

  @Column({ type: 'varchar', length: 20, nullable: true })
  fromStatus: RequestStatus | null;

  @Column({ type: 'varchar', length: 20 })
  toStatus: RequestStatus;

  @Column({ type: 'varchar', length: 10 })
  actorType: StatusActorType;

  /** The administrator's username; null for the host and the system. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  actorUsername: string | null;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  /** Written with the app's clock (not the database's), so tests that move time see it move. */
  @Column({ type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;
}
