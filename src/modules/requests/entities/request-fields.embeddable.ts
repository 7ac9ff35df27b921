import { Column } from 'typeorm';
import { checkIn } from '../../../database/check-list';
import { numericTransformer } from '../../../database/numeric.transformer';
import { LOCATION_TYPES, REQUEST_SOURCES, REQUEST_STATUSES } from '../../../shared/labels';
import type { LocationType, RequestSource, RequestStatus } from '../../../shared/labels';

/**
 * The columns a request shares with its archived copy in deleted_requests. Embedded with
 * `{ prefix: false }` in both entities, so the two tables cannot drift apart.
 * Checks are table-level and live on each entity (REQUEST_STATUS_CHECK, LOCATION_TYPE_CHECK, REQUEST_SOURCE_CHECK).
 */
export class RequestFields {
  @Column({ type: 'varchar', length: 50 })
  eventType: string;

  @Column({ type: 'int' })
  attendeeCount: number;

  /** YYYY-MM-DD (Asia/Riyadh calendar date). */
  @Column({ type: 'date' })
  eventDate: string;

  /** HH:MM, 24-hour; a time on eventDate. */
  @Column({ type: 'varchar', length: 5 })
  endTime: string;

  @Column({ type: 'text' })
  fullAddress: string;

  @Column({ type: 'varchar', length: 20 })
  locationType: LocationType;

  @Column({ type: 'varchar', length: 100, nullable: true })
  area: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  district: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  street: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  buildingNumber: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  importantPlace: string | null;

  @Column({ type: 'double precision', nullable: true })
  latitude: number | null;

  @Column({ type: 'double precision', nullable: true })
  longitude: number | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  landmarks: string | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  locationPhone: string | null;

  @Column({ type: 'varchar', length: 100 })
  organizerName: string;

  /** Canonical 05XXXXXXXX. */
  @Column({ type: 'varchar', length: 20 })
  organizerPhone: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  organizerEmail: string | null;

  @Column({ type: 'text', array: true, default: '{}' })
  foodTypes: string[];

  @Column({ type: 'varchar', length: 1000, nullable: true })
  additionalNotes: string | null;

  @Column({ type: 'varchar', length: 20, default: 'received' })
  status: RequestStatus;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  cancellationReason: string | null;

  // ---- Added by the product (not in the spec's field list) ----

  /** The customer's WhatsApp consent on the form. */
  @Column({ type: 'boolean', default: false })
  whatsappOptIn: boolean;

  /** Caller's real IP address, recorded by the server. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  userAgent: string | null;

  /** Weighed kilograms entered at completion; replaces the estimate for this request. */
  @Column({ type: 'numeric', precision: 10, scale: 2, nullable: true, transformer: numericTransformer })
  weighedKg: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  completedAt: Date | null;

  /** Where the request came from (REQUEST_SOURCES): the public form, the team, a regular donor. */
  @Column({ type: 'varchar', length: 20, default: 'public_form' })
  source: RequestSource;
}

export const REQUEST_STATUS_CHECK = checkIn('status', REQUEST_STATUSES);
export const LOCATION_TYPE_CHECK = checkIn('location_type', LOCATION_TYPES);
export const REQUEST_SOURCE_CHECK = checkIn('source', REQUEST_SOURCES);
