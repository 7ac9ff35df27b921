import { createRequire } from 'node:module';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { PickupRow } from '../../../shared/api/pickups';
// Dates are written «… الموافق …» rather than with the Hijri date in brackets: brackets in a right-to-left
// line come out of text extraction facing the other way.
import { formatGregorianAr, formatHijriAr } from '../../../shared/arabic-date';
import { riyadhDateString, riyadhTimeString } from '../../../shared/time';
// The impact report's text engine (bidi-js visual order, Arabic shaping forced right to left): the run
// sheet is drawn with the same code, so both documents read the same in pdftotext and on paper.
import { forceRightToLeft, pdfLine, wrapWords } from '../../reports/impact/rtl-text';

const resolver = createRequire(join(process.cwd(), 'package.json'));
const FONT_REGULAR = resolver.resolve('@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf');
const FONT_BOLD = resolver.resolve('@expo-google-fonts/ibm-plex-sans-arabic/700Bold/IBMPlexSansArabic_700Bold.ttf');

const GREEN = '#1F6F4A';
const INK = '#1D2A24';
const MUTED = '#5B6B63';
const LINE = '#C9D4CD';
const TINT = '#F3F7F4';
const MARGIN = 30;
const CELL_SIZE = 9.5;
const CELL_LINE = 13.5;
const CELL_PAD = 5;
/** Rows drawn between two turns of the event loop (about 10 ms of work each on the development machine). */
const ROWS_PER_TURN = 8;
/** Any feature list makes PDFKit lay a line out as one run (see impact-pdf.ts). */
const WHOLE_RUN: PDFKit.Mixins.OpenTypeFeatures[] = ['kern'];

/** The run sheet's columns, right to left (the first is the rightmost), with relative widths. */
const COLUMNS: { title: string; width: number; cell: (p: PickupRow, i: number) => string }[] = [
  { title: 'م', width: 0.4, cell: (_, i) => String(i + 1) },
  { title: 'رقم الطلب', width: 0.9, cell: (p) => `#${p.id}` },
  { title: 'الاسم', width: 1.45, cell: (p) => p.organizerName },
  { title: 'الجوال', width: 1.15, cell: (p) => [p.organizerPhone, p.locationPhone].filter(Boolean).join('\n') },
  { title: 'المكان أو العنوان', width: 2.35, cell: (p) => [p.place, p.address].filter(Boolean).join('\n') },
  { title: 'معالم قريبة', width: 1.5, cell: (p) => p.landmarks ?? '—' },
  { title: 'الحضور', width: 0.65, cell: (p) => String(p.attendeeCount) },
  { title: 'أنواع الطعام', width: 1.5, cell: (p) => p.foodTypeLabels.join('، ') || '—' },
  { title: 'آخر موعد', width: 0.95, cell: (p) => deadlineText(p) },
  { title: 'المسؤول عن الاستلام', width: 1.6, cell: (p) => [p.assigneeName, p.assigneePhone].filter(Boolean).join('\n') || '—' },
];

/** The deadline's Riyadh time; a deadline after midnight says so. */
function deadlineText(p: PickupRow): string {
  const at = new Date(p.collectionDeadline);
  const time = riyadhTimeString(at);
  return riyadhDateString(at) === p.eventDate ? time : `${time}\nبعد منتصف الليل`;
}

/**
 * PDFKit shapes a line twice when drawing it (once to measure it, once to encode it) and never keeps a
 * run laid out with features: the document's fonts keep each run they shape, by its text, so a line
 * costs one shaping. The runs are read, never changed, after PDFKit scales them.
 */
function keepShapedRuns(doc: PDFKit.PDFDocument): void {
  type Shaper = { layoutRun?: (text: string, features?: unknown) => unknown; __kept?: boolean };
  const font = (doc as unknown as { _font?: Shaper })._font;
  if (!font?.layoutRun || font.__kept) return;
  const shape = font.layoutRun.bind(font);
  const runs = new Map<string, unknown>();
  font.layoutRun = (text, features) => {
    const key = `${features ? 'f' : '-'}${text}`;
    let run = runs.get(key);
    if (run === undefined) runs.set(key, (run = shape(text, features)));
    return run;
  };
  font.__kept = true;
}

export interface RunSheetInput {
  date: string;
  pickups: PickupRow[];
  capacity: number | null;
  printedAt: Date;
}

/**
 * «جدول الاستلام» of one day as an A4 landscape PDF in Arabic: the date (Gregorian and Hijri), how many
 * pickups against the daily limit, and one row per pickup in deadline order, cells wrapped in place,
 * the header row repeated on every page, page numbers at the foot.
 */
export async function renderRunSheetPdf(input: RunSheetInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    lang: 'ar',
    displayTitle: true,
    info: { Title: `جدول الاستلام ${input.date}`, Author: 'جمعية حفظ النعمة بينبع', CreationDate: input.printedAt },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const right = doc.page.width - MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN - 18;
  let y = MARGIN;

  let fontKey = '';
  const font = (bold: boolean, size: number, color = INK) => {
    fontKey = `${bold ? 'b' : 'r'}${size}`;
    doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(color);
    forceRightToLeft(doc);
    keepShapedRuns(doc);
  };
  // Shaping Arabic (fontkit's GSUB/GPOS) is the whole cost of the document: a line is measured as the
  // sum of its words, each shaped once per font and size (Arabic letters never join across a space).
  const wordWidths = new Map<string, number>();
  const measure = (s: string) => {
    let total = 0;
    for (const word of s.split(' ')) {
      const key = `${fontKey}|${word}`;
      let w = wordWidths.get(key);
      if (w === undefined) wordWidths.set(key, (w = word ? doc.widthOfString(word, { features: WHOLE_RUN }) : 0));
      total += w;
    }
    return total + (s.split(' ').length - 1) * measureSpace();
  };
  const measureSpace = () => {
    const key = `${fontKey}| `;
    let w = wordWidths.get(key);
    if (w === undefined) wordWidths.set(key, (w = doc.widthOfString(' ')));
    return w;
  };
  /** One logical line, right-aligned at `r` (or centred in [r - w, r]). */
  const line = (text: string, r: number, at: number, centre?: number) => {
    const w = measure(text);
    const x = centre !== undefined ? r - centre / 2 - w / 2 : r - w;
    doc.text(pdfLine(text), x, at, { lineBreak: false, features: WHOLE_RUN });
  };

  font(true, 10, GREEN);
  line('جمعية حفظ النعمة بينبع', right, y);
  y += 18;
  font(true, 20);
  line('جدول الاستلام', right, y);
  y += 30;
  font(false, 11, MUTED);
  const limit = input.capacity === null ? 'بلا حد يومي' : `من ${input.capacity} (الحد اليومي)`;
  line(
    `${formatGregorianAr(input.date)} الموافق ${formatHijriAr(input.date)} · عدد الاستلامات: ${input.pickups.length} ${limit}`,
    right,
    y,
  );
  y += 18;
  line(`طُبع في ${formatGregorianAr(input.printedAt)} الساعة ${riyadhTimeString(input.printedAt)} · مرتبة حسب آخر موعد للاستلام`, right, y);
  y += 24;

  const total = COLUMNS.reduce((sum, c) => sum + c.width, 0);
  const widths = COLUMNS.map((c) => (c.width / total) * width);

  /** A row's cells wrapped to their column, and the row's height. */
  const layout = (cells: string[], bold: boolean) => {
    font(bold, CELL_SIZE);
    const lines = cells.map((cell, i) =>
      cell.split('\n').flatMap((part) => wrapWords(part, widths[i] - 2 * CELL_PAD, measure).filter((l) => l !== '')),
    );
    const height = Math.max(1, ...lines.map((l) => l.length)) * CELL_LINE + 2 * CELL_PAD;
    return { lines, height };
  };
  const drawRow = (cells: string[], header: boolean, shaded: boolean) => {
    const { lines, height } = layout(cells, header);
    if (y + height > bottom) {
      doc.addPage();
      y = MARGIN;
      if (!header)
        drawRow(
          COLUMNS.map((c) => c.title),
          true,
          false,
        );
    }
    if (header || shaded) doc.rect(MARGIN, y, width, height).fill(header ? GREEN : TINT);
    doc.rect(MARGIN, y, width, height).strokeColor(LINE).lineWidth(0.6).stroke();
    let r = right;
    lines.forEach((cellLines, i) => {
      font(header, CELL_SIZE, header ? '#FFFFFF' : INK);
      cellLines.forEach((text, n) => line(text, r - CELL_PAD, y + CELL_PAD + n * CELL_LINE));
      r -= widths[i];
      if (i < lines.length - 1)
        doc
          .moveTo(r, y)
          .lineTo(r, y + height)
          .strokeColor(LINE)
          .lineWidth(0.6)
          .stroke();
    });
    y += height;
  };

  drawRow(
    COLUMNS.map((c) => c.title),
    true,
    false,
  );
  if (!input.pickups.length) {
    font(false, 12, MUTED);
    line('لا توجد استلامات في هذا اليوم', right, y + 14, width);
  }
  for (const [i, p] of input.pickups.entries()) {
    drawRow(
      COLUMNS.map((c) => c.cell(p, i)),
      false,
      i % 2 === 1,
    );
    // Other calls are served between every few rows (a long day costs time, never a stalled server).
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
  }

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    // The foot lies in the bottom margin, where PDFKit would otherwise start a new page.
    doc.page.margins.bottom = 0;
    font(false, 9, MUTED);
    line(
      `صفحة ${page - range.start + 1} من ${range.count} · جدول الاستلام ${formatGregorianAr(input.date)}`,
      right,
      doc.page.height - MARGIN - 10,
      width,
    );
  }
  doc.end();
  return done;
}
