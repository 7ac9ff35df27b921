import QRCode from 'qrcode';
import { openPdf, PAGE_MARGIN } from '../../../common/pdf/document';
import { PALETTE } from '../../../common/pdf/palette';
import { RtlWriter } from '../../../common/pdf/rtl-writer';
import { formatDateWithHijri } from '../../../shared/arabic-date';
import { CERTIFICATE_TITLE, certificateDedication, certificateLines, type CertificateFigures } from '../../../shared/certificates';

const MARGIN = PAGE_MARGIN.certificate;

export interface CertificateDocument {
  code: string;
  issuedAt: Date;
  figures: CertificateFigures;
  /** The public verification address the QR code holds. */
  verifyUrl: string;
}

/** The QR code as vector squares (sharp at any zoom and when printed), with its quiet zone. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 4;
  const cell = size / (count + 2 * quiet);
  doc.rect(x, y, size, size).fill(PALETTE.white);
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++)
      if (qr.modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
  doc.fill('#000000');
}

function frame(doc: PDFKit.PDFDocument) {
  const { width, height } = doc.page;
  doc.rect(0, 0, width, height).fill(PALETTE.white);
  doc
    .rect(18, 18, width - 36, height - 36)
    .lineWidth(6)
    .strokeColor(PALETTE.green)
    .stroke();
  doc
    .rect(30, 30, width - 60, height - 60)
    .lineWidth(1.2)
    .strokeColor(PALETTE.sand)
    .stroke();
  // The brand mark (a leaf on a plate), top centre.
  const cx = width / 2;
  const cy = 78;
  doc.circle(cx, cy, 24).fill(PALETTE.green);
  doc.circle(cx, cy, 16).lineWidth(2.2).strokeColor(PALETTE.sand).stroke();
  doc
    .save()
    .translate(cx - 24, cy - 24)
    .scale(48 / 64)
    .path('M21 42c0-12 8-21 23-21 0 14-9 22-21 22z')
    .fill(PALETTE.sand)
    .moveTo(22, 43)
    .lineTo(37, 28)
    .lineWidth(3)
    .lineCap('round')
    .strokeColor(PALETTE.green)
    .stroke()
    .restore();
}

/**
 * The thank-you certificate as an A4 PDF in Arabic: the charity, the title, the thanks, the figures (the
 * same lines the verification page lists), the issue date in both calendars, the code and a QR code of
 * the verification address. Drawn once per certificate and stored (CertificatesService).
 */
export function renderCertificatePdf(certificate: CertificateDocument): Promise<Buffer> {
  const { figures } = certificate;
  const { doc, bytes } = openPdf({
    margin: MARGIN,
    info: {
      Title: `${CERTIFICATE_TITLE} — ${figures.kind === 'request' ? figures.hostName : figures.placeLabel}`,
      Subject: CERTIFICATE_TITLE,
      Author: figures.charityName,
      CreationDate: certificate.issuedAt,
    },
  });

  frame(doc);
  const w = new RtlWriter(doc);
  const page = { right: doc.page.width - MARGIN, width: doc.page.width - 2 * MARGIN };
  const { right, width } = page;
  let y = 112;
  y = w.paragraph(figures.charityName, y, page, 15, { bold: true, color: PALETTE.green, align: 'center' });
  y = w.paragraph(CERTIFICATE_TITLE, y + 4, page, 30, { bold: true, color: PALETTE.deep, align: 'center' });
  y = w.paragraph(certificateDedication(figures), y + 10, { right: right - 20, width: width - 40 }, 13, { align: 'center' });
  y += 14;

  // The figures: a label column on the right, the value beside it (wrapped).
  const label = { right: right - 12, width: 150 };
  const value = { right: label.right - label.width - 12, width: width - label.width - 36 };
  for (const [i, line] of certificateLines(figures).entries()) {
    w.font(false, 12);
    const lines = w.wrap(line.value, value.width);
    const rowHeight = Math.max(1, lines.length) * 20 + 12;
    if (i % 2 === 0) doc.rect(MARGIN, y, width, rowHeight).fill(PALETTE.tint);
    w.font(true, 12, PALETTE.green);
    w.line(line.label, y + 7, label);
    w.font(false, 12, PALETTE.ink);
    lines.forEach((text, n) => w.line(text, y + 7 + n * 20, value));
    y += rowHeight;
  }

  // Issue date, code and the QR code at the foot.
  const qrSize = 118;
  const footTop = doc.page.height - MARGIN - qrSize - 24;
  drawQr(doc, certificate.verifyUrl, MARGIN + 4, footTop, qrSize);
  const foot = { right, width: width - qrSize - 24 };
  let fy = footTop + 6;
  fy = w.paragraph(`صدرت في ${formatDateWithHijri(certificate.issuedAt)}`, fy, foot, 11, { color: PALETTE.muted });
  fy = w.paragraph(`رمز التحقق: ${certificate.code}`, fy, foot, 11, { color: PALETTE.muted });
  fy = w.paragraph('للتحقق من هذه الشهادة امسح الرمز أو افتح الرابط:', fy + 4, foot, 11, { color: PALETTE.muted });
  w.font(false, 10, PALETTE.green);
  w.line(certificate.verifyUrl, fy, foot);
  w.paragraph('الأرقام التقديرية محسوبة وفق إعدادات الجمعية المذكورة أعلاه.', doc.page.height - MARGIN - 4, page, 9, {
    color: PALETTE.muted,
    align: 'center',
  });

  doc.end();
  return bytes;
}
