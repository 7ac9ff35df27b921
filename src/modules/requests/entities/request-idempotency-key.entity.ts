import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An `Idempotency-Key` the public form sent with `POST /api/requests`, kept 24 hours: a repeat of the
 * key answers the stored answer instead of creating another request. The key itself is never stored,
 * only its SHA-256.
 */
@Entity('request_idempotency_keys')
@Index('IDX_request_idempotency_keys_created_at', ['createdAt'])
export class RequestIdempotencyKeyEntity {
  /** SHA-256 of the header's value, hex. */
  @PrimaryColumn({ type: 'char', length: 64 })
  keyHash: string;

  /** SHA-256 of the body, its keys sorted: a repeat with another body is refused. */
  @Column({ type: 'char', length: 64 })
  bodyHash: string;

  /** The request the first call created. */
  @Column({ type: 'int', nullable: true })
  requestId: number | null;

  @Column({ type: 'smallint', nullable: true })
  statusCode: number | null;

  /** The first answer's body, sent again to a repeat. */
  @Column({ type: 'jsonb', nullable: true })
  response: object | null;

  /** Written with the app's clock; the key lives 24 hours from here. */
  @Column({ type: 'timestamptz' })
  createdAt: Date;
}
