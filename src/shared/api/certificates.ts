import type { CertificateFigures, CertificateKind } from '../certificates';

/** GET /api/verify/{code}: what a certificate states, as issued. */
export interface CertificateVerification {
  code: string;
  kind: CertificateKind;
  /** ISO instant. */
  issuedAt: string;
  figures: CertificateFigures;
}

/** A row of GET /api/admin/certificates (and the answer of POST /api/admin/certificates). */
export interface CertificateRow {
  id: number;
  code: string;
  kind: CertificateKind;
  requestId: number | null;
  placeValue: string | null;
  periodFrom: string | null;
  periodTo: string | null;
  /** The host's name or the place's label. */
  subject: string;
  foodKg: number;
  meals: number;
  issuedAt: string;
  issuedBy: string | null;
  /** The public verification address (PUBLIC_BASE_URL, else the caller's origin). */
  verifyUrl: string;
}
