import type { CertificateRow } from '@shared/api/certificates';
import type { CharityDataProvider } from '../../providers/customMethods';
import { i18nProvider } from '../../providers/i18nProvider';
import { saveBlob } from '../../providers/saveBlob';
import { API_PATHS } from '@shared/api/admin-paths';

/**
 * Downloads a certificate's PDF with the session (dataProvider.getFile: a plain link could not send it).
 * Fails with the server's Arabic reason (a request not completed yet, an unknown number) when it sent one.
 */
export async function downloadCertificatePdf(dataProvider: CharityDataProvider, path: string, fileName: string): Promise<void> {
  const { data } = await dataProvider.getFile(path);
  saveBlob(data, fileName);
}

export const certificatePdfPath = (row: Pick<CertificateRow, 'id'>) => API_PATHS.reports.certificatePdf(row.id);

/** A completed request's certificate (issued on the first download). */
export const requestCertificatePdfPath = (requestId: number) => API_PATHS.requests.certificate(requestId);

export function certificateFileName(row: Pick<CertificateRow, 'kind' | 'requestId' | 'subject'>): string {
  const name =
    row.kind === 'request'
      ? i18nProvider.translate('app.certificates_list.request_file_name', { id: row.requestId })
      : i18nProvider.translate('app.certificates_list.place_file_name', { subject: row.subject });
  return `${name}.pdf`;
}
