import { createRequire } from 'node:module';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { formatDateWithHijri } from '../../../shared/arabic-date';
import { CERTIFICATE_TITLE, certificateDedication, certificateLines, type CertificateFigures } from '../../../shared/certificates';
import { forceRightToLeft, pdfLine, wrapWords } from '../impact/rtl-text';

// The impact report's fonts (IBM Plex Sans Arabic, from its npm package), resolved from the app's folder.
const resolver = createRequire(join(process.cwd(), 'package.json'));
const FONT_REGULAR = resolver.resolve('@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf');
const FONT_BOLD = resolver.resolve('@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf');

const GREEN = '#17603F';
const DEEP = '#0F4430';
const SAND = '#F2D49B';
const INK = '#1D2623';
const MUTED = '#56625D';
const TINT = '#EFF7F2';
const MARGIN = 56;
/** See impact-pdf.ts: a feature list makes PDFKit lay a line out as one run (needed for the right-to-left order). */
const WHOLE_RUN: PDFKit.Mixins.OpenTypeFeatures[] = ['kern'];

export interface CertificateDocument {
  code: string;
  issuedAt: Date;
  figures: CertificateFigures;
  /** The public verification address the QR code holds. */
  verifyUrl: string;
}

type Align = 'right' | 'center' | 'left';

/** Right-to-left lines on an A4 page, with the impact report's text engine. */
class Writer {
  constructor(private readonly doc: PDFKit.PDFDocument) {}

  font(bold: boolean, size: number, color = INK) {
    this.doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(color);
    forceRightToLeft(this.doc);
  }

  width(text: string): number {
    return this.doc.widthOfString(pdfLine(text), { features: WHOLE_RUN });
  }

  /** One logical line in the box [right - width, right]. */
  line(text: string, y: number, right: number, width: number, align: Align = 'right') {
    const prepared = pdfLine(text);
    const w = this.doc.widthOfString(prepared, { features: WHOLE_RUN });
    const x = align === 'center' ? right - width / 2 - w / 2 : align === 'left' ? right - width : right - w;
    this.doc.text(prepared, x, y, { lineBreak: false, features: WHOLE_RUN });
  }

  /** A wrapped paragraph; answers the y below it. */
  paragraph(
    text: string,
    y: number,
    right: number,
    width: number,
    size: number,
    opts: { bold?: boolean; color?: string; align?: Align } = {},
  ) {
    this.font(opts.bold ?? false, size, opts.color ?? INK);
    const height = size * 1.7;
    for (const line of wrapWords(text, width, (s) => this.width(s))) {
      this.line(line, y, right, width, opts.align);
      y += height;
    }
    return y;
  }
}

/** The QR code as vector squares (sharp at any zoom and when printed), with its quiet zone. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 4;
  const cell = size / (count + 2 * quiet);
  doc.rect(x, y, size, size).fill('#FFFFFF');
  for (let row = 0; row < count; row++)
    for (let col = 0; col < count; col++)
      if (qr.modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
  doc.fill('#000000');
}

function frame(doc: PDFKit.PDFDocument) {
  const { width, height } = doc.page;
  doc.rect(0, 0, width, height).fill('#FFFFFF');
  doc
    .rect(18, 18, width - 36, height - 36)
    .lineWidth(6)
    .strokeColor(GREEN)
    .stroke();
  doc
    .rect(30, 30, width - 60, height - 60)
    .lineWidth(1.2)
    .strokeColor(SAND)
    .stroke();
  // The brand mark (a leaf on a plate), top centre.
  const cx = width / 2;
  const cy = 78;
  doc.circle(cx, cy, 24).fill(GREEN);
  doc.circle(cx, cy, 16).lineWidth(2.2).strokeColor(SAND).stroke();
  doc
    .save()
    .translate(cx - 24, cy - 24)
    .scale(48 / 64)
    .path('M21 42c0-12 8-21 23-21 0 14-9 22-21 22z')
    .fill(SAND)
    .moveTo(22, 43)
    .lineTo(37, 28)
    .lineWidth(3)
    .lineCap('round')
    .strokeColor(GREEN)
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
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'ar',
    displayTitle: true,
    info: {
      Title: `${CERTIFICATE_TITLE} — ${figures.kind === 'request' ? figures.hostName : figures.placeLabel}`,
      Subject: CERTIFICATE_TITLE,
      Author: figures.charityName,
      CreationDate: certificate.issuedAt,
    },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  frame(doc);
  const w = new Writer(doc);
  const right = doc.page.width - MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  let y = 112;
  y = w.paragraph(figures.charityName, y, right, width, 15, { bold: true, color: GREEN, align: 'center' });
  y = w.paragraph(CERTIFICATE_TITLE, y + 4, right, width, 30, { bold: true, color: DEEP, align: 'center' });
  y = w.paragraph(certificateDedication(figures), y + 10, right - 20, width - 40, 13, { align: 'center' });
  y += 14;

  // The figures: a label column on the right, the value beside it (wrapped).
  const labelWidth = 150;
  const valueWidth = width - labelWidth - 36;
  for (const [i, { label, value }] of certificateLines(figures).entries()) {
    w.font(false, 12);
    const lines = wrapWords(value, valueWidth, (s) => w.width(s));
    const rowHeight = Math.max(1, lines.length) * 20 + 12;
    if (i % 2 === 0) doc.rect(MARGIN, y, width, rowHeight).fill(TINT);
    w.font(true, 12, GREEN);
    w.line(label, y + 7, right - 12, labelWidth);
    w.font(false, 12, INK);
    lines.forEach((text, n) => w.line(text, y + 7 + n * 20, right - 12 - labelWidth - 12, valueWidth));
    y += rowHeight;
  }

  // Issue date, code and the QR code at the foot.
  const qrSize = 118;
  const footTop = doc.page.height - MARGIN - qrSize - 24;
  drawQr(doc, certificate.verifyUrl, MARGIN + 4, footTop, qrSize);
  const textRight = right;
  const textWidth = width - qrSize - 24;
  let fy = footTop + 6;
  fy = w.paragraph(`صدرت في ${formatDateWithHijri(certificate.issuedAt)}`, fy, textRight, textWidth, 11, { color: MUTED });
  fy = w.paragraph(`رمز التحقق: ${certificate.code}`, fy, textRight, textWidth, 11, { color: MUTED });
  fy = w.paragraph('للتحقق من هذه الشهادة امسح الرمز أو افتح الرابط:', fy + 4, textRight, textWidth, 11, { color: MUTED });
  w.font(false, 10, GREEN);
  w.line(certificate.verifyUrl, fy, textRight, textWidth);
  w.paragraph('الأرقام التقديرية محسوبة وفق إعدادات الجمعية المذكورة أعلاه.', doc.page.height - MARGIN - 4, right, width, 9, {
    color: MUTED,
    align: 'center',
  });

  doc.end();
  return done;
}
