import { Check, Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { LOCATION_TYPE_CHECK, REQUEST_SOURCE_CHECK, REQUEST_STATUS_CHECK, RequestFields } from './request-fields.embeddable';

@Entity('requests')
@Check('CHK_requests_status', REQUEST_STATUS_CHECK)
@Check('CHK_requests_location_type', LOCATION_TYPE_CHECK)
@Check('CHK_requests_source', REQUEST_SOURCE_CHECK)
@Index('IDX_requests_status_created_at', ['fields.status', 'createdAt'])
@Index('IDX_requests_organizer_phone_event_date', ['fields.organizerPhone', 'fields.eventDate'])
// The requests desk's sorts (creation date, event date, organizer name) page through an index.
@Index('IDX_requests_created_at', ['createdAt', 'id'])
@Index('IDX_requests_event_date', ['fields.eventDate', 'id'])
@Index('IDX_requests_organizer_name', ['fields.organizerName', 'id'])
// The desk's filters by area, important place and event type, each within an event date range.
@Index('IDX_requests_area_event_date', ['fields.area', 'fields.eventDate', 'id'])
@Index('IDX_requests_important_place_event_date', ['fields.importantPlace', 'fields.eventDate', 'id'])
@Index('IDX_requests_event_type_event_date', ['fields.eventType', 'fields.eventDate', 'id'])
// Expression and partial indexes made by migration 1764000000001 (TypeORM cannot declare them).
@Index('IDX_requests_status_rank', { synchronize: false })
@Index('IDX_requests_active_deadline', { synchronize: false })
// Partial index of the requests that are not cancelled, by deadline (migration 1764800000000: pickups).
@Index('IDX_requests_pickups', { synchronize: false })
// The host's link is found by its token's hash (GET /api/self-service/:token).
@Index('UQ_requests_self_service_token_hash', ['selfServiceTokenHash'], { unique: true })
// A volunteer's pickups (their month's figures; whether they have history).
@Index('IDX_requests_volunteer_id', ['volunteerId'])
export class RequestEntity {
  /** The "request number" shown as #1024. */
  @PrimaryGeneratedColumn()
  id: number;

  @Column(() => RequestFields, { prefix: false })
  fields: RequestFields;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /**
   * The host's personal link (/r/{token}): a random salt the token is derived from (HMAC-SHA256 under
   * a key from APP_SECRET), so each message can carry the link again, and the token's SHA-256, by which
   * the link is found. The token itself is never stored. Null for a request made before links existed
   * (its first status update gives it one) or restored from the archive.
   */
  @Column({ type: 'varchar', length: 64, nullable: true })
  selfServiceSalt: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  selfServiceTokenHash: string | null;

  /**
   * The volunteer who collects it (wave 4). Named by the entity's name, not imported; a volunteer with
   * requests cannot be deleted (they are deactivated instead), which the key also guarantees.
   */
  @Column({ type: 'int', nullable: true })
  @ForeignKey('VolunteerEntity', { name: 'FK_requests_volunteer_id', onDelete: 'RESTRICT' })
  volunteerId: number | null;
}
