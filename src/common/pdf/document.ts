import PDFDocument from 'pdfkit';
import { registerFonts } from './fonts';

/** The author every document names, and the line its letterhead starts with. */
export const CHARITY_NAME = 'جمعية حفظ النعمة بينبع';

/** Page margins in points, per kind of page. */
export const PAGE_MARGIN = {
  /** The impact report: A4 portrait, flowing over pages. */
  report: 48,
  /** The thank-you certificate: one A4 page inside a frame. */
  certificate: 56,
  /** The run sheet: A4 landscape, as much table as fits. */
  runSheet: 30,
};

export interface PdfOptions {
  margin: number;
  layout?: 'portrait' | 'landscape';
  /** Keep pages open for a second pass (page numbers). */
  bufferPages?: boolean;
  info: PDFKit.DocumentInfo;
}

export interface OpenPdf {
  doc: PDFKit.PDFDocument;
  /** The whole file, once `doc.end()` has been called. */
  bytes: Promise<Buffer>;
}

/** An Arabic A4 document with the fonts registered, its bytes gathered in memory. */
export function openPdf(options: PdfOptions): OpenPdf {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout,
    margin: options.margin,
    bufferPages: options.bufferPages,
    lang: 'ar',
    displayTitle: true,
    info: options.info,
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
