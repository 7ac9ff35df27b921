import { Check, Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { CERTIFICATE_KINDS, type CertificateFigures, type CertificateKind } from '../../../shared/certificates';
import { checkIn } from '../../../database/check-list';

/**
 * A thank-you certificate: a request's (issued on the first call and the same afterwards) or an important
 * place's over a period. `figures` is what the PDF and the verification page show, as issued; later
 * changes to the request never touch it. No foreign key: an archived request's certificate still verifies.
 */
@Entity('certificates')
@Unique('UQ_certificates_code', ['code'])
@Check('CHK_certificates_kind', checkIn('kind', CERTIFICATE_KINDS))
@Check(
  'CHK_certificates_subject',
  `(kind = 'request' AND request_id IS NOT NULL AND place_value IS NULL)
          OR (kind = 'place' AND request_id IS NULL AND place_value IS NOT NULL AND period_from IS NOT NULL AND period_to IS NOT NULL)`,
)
@Index('IDX_certificates_issued_at', ['issuedAt', 'id'])
// Partial unique index (one certificate per request) made by migration 1764800000250.
@Index('UQ_certificates_request', { synchronize: false })
export class CertificateEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** 128 random bits, base64url: the address /v/{code} anyone holding the certificate can open. */
  @Column({ type: 'varchar', length: 32 })
  code: string;

  @Column({ type: 'varchar', length: 10 })
  kind: CertificateKind;

  @Column({ type: 'int', nullable: true })
  requestId: number | null;

  /** The important place's value (dropdown_options, type importantPlace). */
  @Column({ type: 'varchar', length: 200, nullable: true })
  placeValue: string | null;

  /** YYYY-MM-DD, inclusive (place certificates). */
  @Column({ type: 'date', nullable: true })
  periodFrom: string | null;

  @Column({ type: 'date', nullable: true })
  periodTo: string | null;

  @Column({ type: 'jsonb' })
  figures: CertificateFigures;

  /** The PDF, drawn once from the figures and served from here afterwards. */
  @Column({ type: 'bytea', nullable: true, select: false })
  pdf: Buffer | null;

  /** The app's clock at issue. */
  @Column({ type: 'timestamptz' })
  issuedAt: Date;

  /** The administrator's username, or null when the host's own page issued it. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  issuedBy: string | null;
}
