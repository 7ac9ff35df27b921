import type { CertificateRow } from '@shared/api/certificates';
import { getValidSession } from '../../providers/session';

/** Downloads a certificate's PDF with the session (a plain link could not send it). */
export async function downloadCertificatePdf(path: string, fileName: string): Promise<void> {
  const session = getValidSession();
  const response = await fetch(path, { headers: session ? { Authorization: `Bearer ${session.token}` } : {} });
  if (!response.ok) {
    // The server's Arabic reason (a request not completed yet, an unknown number) when it sent one.
    const envelope = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new Error(typeof envelope?.message === 'string' ? envelope.message : `${response.status}`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const certificatePdfPath = (row: Pick<CertificateRow, 'id'>) => `/api/admin/certificates/${row.id}/download`;

/** A completed request's certificate (issued on the first download). */
export const requestCertificatePdfPath = (requestId: number) => `/api/admin/requests/${requestId}/certificate`;

export function certificateFileName(row: Pick<CertificateRow, 'kind' | 'requestId' | 'subject'>): string {
  return row.kind === 'request' ? `شهادة شكر - طلب ${row.requestId}.pdf` : `شهادة شكر - ${row.subject}.pdf`;
}
