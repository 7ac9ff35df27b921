import type { FastifyReply } from 'fastify';
import { sendFile } from '../../../common/http/send-file';
import type { CertificateFile } from './certificates.service';

/** A certificate's PDF as a download: the administrators' routes and the host's own page answer it alike. */
export function sendCertificatePdf(reply: FastifyReply, file: CertificateFile) {
  return sendFile(reply, { body: file.pdf, contentType: 'application/pdf', fileName: file.fileName });
}
