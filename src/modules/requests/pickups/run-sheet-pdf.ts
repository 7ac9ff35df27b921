import { CHARITY_NAME, openPdf, PAGE_MARGIN } from '../../../common/pdf/document';
import { PALETTE } from '../../../common/pdf/palette';
import { columnWidths, RtlWriter, WHOLE_RUN } from '../../../common/pdf/rtl-writer';
import type { PickupRow } from '../../../shared/api/pickups';
// Dates are written «… الموافق …» rather than with the Hijri date in brackets: brackets in a right-to-left
// line come out of text extraction facing the other way.
import { formatGregorianAr, formatHijriAr } from '../../../shared/arabic-date';
import { riyadhDateString, riyadhTimeString } from '../../../shared/time';

const MARGIN = PAGE_MARGIN.runSheet;
const CELL_SIZE = 9.5;
const CELL_LINE = 13.5;
const CELL_PAD = 5;
/** Rows drawn between two turns of the event loop (about 10 ms of work each on the development machine). */
const ROWS_PER_TURN = 8;

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
  { title: 'المتطوع', width: 1.6, cell: (p) => [p.volunteerName, p.volunteerPhone].filter(Boolean).join('\n') || '—' },
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

/**
 * Shaping Arabic (fontkit's GSUB/GPOS) is the whole cost of the document: a line is measured as the sum
 * of its words, each shaped once per font and size (Arabic letters never join across a space), and the
 * fonts keep the runs they shape.
 */
class RunSheetWriter extends RtlWriter {
  private fontKey = '';
  private readonly wordWidths = new Map<string, number>();

  override font(bold: boolean, size: number, color?: string): void {
    this.fontKey = `${bold ? 'b' : 'r'}${size}`;
    super.font(bold, size, color);
    keepShapedRuns(this.doc);
  }

  override width(text: string): number {
    const words = text.split(' ');
    let total = 0;
    for (const word of words) total += this.measured(word, () => (word ? this.doc.widthOfString(word, { features: WHOLE_RUN }) : 0));
    return total + (words.length - 1) * this.measured(' ', () => this.doc.widthOfString(' '));
  }

  /** A word's width in the current font, measured once. */
  private measured(word: string, measure: () => number): number {
    const key = `${this.fontKey}|${word}`;
    let width = this.wordWidths.get(key);
    if (width === undefined) this.wordWidths.set(key, (width = measure()));
    return width;
  }
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
  const { doc, bytes } = openPdf({
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `جدول الاستلام ${input.date}`, Author: CHARITY_NAME, CreationDate: input.printedAt },
  });

  const page = { right: doc.page.width - MARGIN, width: doc.page.width - 2 * MARGIN };
  const { right, width } = page;
  const bottom = doc.page.height - MARGIN - 18;
  let y = MARGIN;
  const w = new RunSheetWriter(doc);

  w.font(true, 10, PALETTE.green);
  w.line(CHARITY_NAME, y, page);
  y += 18;
  w.font(true, 20);
  w.line('جدول الاستلام', y, page);
  y += 30;
  w.font(false, 11, PALETTE.muted);
  const limit = input.capacity === null ? 'بلا حد يومي' : `من ${input.capacity} (الحد اليومي)`;
  w.line(
    `${formatGregorianAr(input.date)} الموافق ${formatHijriAr(input.date)} · عدد الاستلامات: ${input.pickups.length} ${limit}`,
    y,
    page,
  );
  y += 18;
  w.line(`طُبع في ${formatGregorianAr(input.printedAt)} الساعة ${riyadhTimeString(input.printedAt)} · مرتبة حسب آخر موعد للاستلام`, y, page);
  y += 24;

  const widths = columnWidths(
    COLUMNS.map((c) => c.width),
    width,
  );

  /** A row's cells wrapped to their column, and the row's height. */
  const layout = (cells: string[], bold: boolean) => {
    w.font(bold, CELL_SIZE);
    const lines = cells.map((cell, i) =>
      cell.split('\n').flatMap((part) => w.wrap(part, widths[i] - 2 * CELL_PAD).filter((l) => l !== '')),
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
    if (header || shaded) doc.rect(MARGIN, y, width, height).fill(header ? PALETTE.green : PALETTE.tint);
    doc.rect(MARGIN, y, width, height).strokeColor(PALETTE.line).lineWidth(0.6).stroke();
    let r = right;
    lines.forEach((cellLines, i) => {
      w.font(header, CELL_SIZE, header ? PALETTE.white : PALETTE.ink);
      cellLines.forEach((text, n) => w.line(text, y + CELL_PAD + n * CELL_LINE, { right: r - CELL_PAD, width: widths[i] - 2 * CELL_PAD }));
      r -= widths[i];
      if (i < lines.length - 1)
        doc
          .moveTo(r, y)
          .lineTo(r, y + height)
          .strokeColor(PALETTE.line)
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
    w.font(false, 12, PALETTE.muted);
    w.line('لا توجد استلامات في هذا اليوم', y + 14, page, 'center');
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
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // The foot lies in the bottom margin, where PDFKit would otherwise start a new page.
    doc.page.margins.bottom = 0;
    w.font(false, 9, PALETTE.muted);
    w.line(
      `صفحة ${index - range.start + 1} من ${range.count} · جدول الاستلام ${formatGregorianAr(input.date)}`,
      doc.page.height - MARGIN - 10,
      page,
      'center',
    );
  }
  doc.end();
  return bytes;
}
