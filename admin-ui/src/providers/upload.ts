import { declaredType, fileProblem, type FileKind } from '@shared/files';
import type { UploadTicket } from '@shared/api/content-admin';
import { API_PATHS } from '@shared/api/admin-paths';
import { apiRequest, isApiError } from './httpClient';
import { i18nProvider } from './i18nProvider';

/** Which step of an upload failed, for the spec's separate error toasts. */
export type UploadStage = 'check' | 'url' | 'upload';

export class UploadError extends Error {
  constructor(
    readonly stage: UploadStage,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The spec's heading of a failed step (app.uploads.*). */
const stageText = (stage: Exclude<UploadStage, 'check'>) => i18nProvider.translate(`app.uploads.${stage}_failed`);

/**
 * The spec's upload flow: ask the admin API for a signed upload URL, then PUT the file to it with its
 * content type (this server's link with the local driver, the bucket's with S3). Answers the
 * objectPath the record call sends back. The file is checked here first; the server checks again.
 */
export async function uploadFile(kind: FileKind, file: File): Promise<string> {
  const problem = fileProblem(kind, file.name, file.type, file.size);
  if (problem) throw new UploadError('check', problem);
  const contentType = declaredType(kind, file.name, file.type) as string;
  const path = kind === 'sticker' ? API_PATHS.content.stickerUploadUrl : API_PATHS.content.governanceUploadUrl;
  let ticket: UploadTicket;
  try {
    ticket = await apiRequest<UploadTicket>(path, { method: 'POST', json: { contentType } });
  } catch (error) {
    throw new UploadError('url', isApiError(error) ? `${stageText('url')}: ${error.message}` : stageText('url'));
  }
  if (!ticket?.uploadURL) throw new UploadError('url', stageText('url'));
  let response: Response;
  try {
    response = await fetch(ticket.uploadURL, { method: 'PUT', headers: { 'Content-Type': contentType }, body: file });
  } catch {
    throw new UploadError('upload', `${stageText('upload')}: ${i18nProvider.translate('app.uploads.no_connection')}`);
  }
  if (!response.ok) {
    // This server answers the Arabic envelope; a bucket answers XML, which is not worth showing.
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new UploadError('upload', body?.message ? `${stageText('upload')}: ${body.message}` : stageText('upload'));
  }
  return ticket.objectPath;
}
