import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { LOCATION_TYPE_CHECK, REQUEST_SOURCE_CHECK, REQUEST_STATUS_CHECK, RequestFields } from './request-fields.embeddable';

/** Archive copy of a deleted request, written in the same transaction as the delete. */
@Entity('deleted_requests')
@Check('CHK_deleted_requests_status', REQUEST_STATUS_CHECK)
@Check('CHK_deleted_requests_location_type', LOCATION_TYPE_CHECK)
@Check('CHK_deleted_requests_source', REQUEST_SOURCE_CHECK)
@Index('IDX_deleted_requests_original_id', ['originalId'])
// The archive screen's order (newest deletion first).
@Index('IDX_deleted_requests_deleted_at', ['deletedAt', 'id'])
// Whether a volunteer has history (they are then deactivated, never deleted).
@Index('IDX_deleted_requests_volunteer_id', ['volunteerId'])
export class DeletedRequestEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The id the request had in requests. */
  @Column({ type: 'int' })
  originalId: number;

  @Column(() => RequestFields, { prefix: false })
  fields: RequestFields;

  /** Copied from the original request (not set on insert here). */
  @Column({ type: 'timestamptz' })
  createdAt: Date;

  /** Copied from the original request. */
  @Column({ type: 'timestamptz' })
  updatedAt: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  deletedAt: Date;

  /** Username of the administrator who deleted it. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  deletedBy: string | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  deletionReason: string | null;

  /** The volunteer it was assigned to (no key: the archive keeps what was). */
  @Column({ type: 'int', nullable: true })
  volunteerId: number | null;
}
