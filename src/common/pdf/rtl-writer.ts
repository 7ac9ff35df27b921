import { forceRightToLeft } from './fontkit-rtl';
import { PALETTE } from './palette';
import { pdfLine, wrapWords } from './rtl-text';

/**
 * Any feature list makes PDFKit lay a line out as one run; without one it lays it out word by word, and
 * each word would be reversed on its own.
 */
export const WHOLE_RUN: PDFKit.Mixins.OpenTypeFeatures[] = ['kern'];

export type Align = 'right' | 'center' | 'left';

/** A horizontal slot on the page, measured from its right edge (where a right-to-left line starts). */
export interface Box {
  right: number;
  width: number;
}

/** Where a line `textWidth` wide starts in `box`. */
export function alignedX(box: Box, textWidth: number, align: Align = 'right'): number {
  if (align === 'center') return box.right - box.width / 2 - textWidth / 2;
  if (align === 'left') return box.right - box.width;
  return box.right - textWidth;
}

/** Column widths in points from relative weights, sharing `total` (the table's width). */
export function columnWidths(weights: number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => (weight / sum) * total);
}

export interface ParagraphStyle {
  bold?: boolean;
  color?: string;
  align?: Align;
  /** Line height as a multiple of the size. */
  leading?: number;
}

/**
 * Arabic lines on a PDFKit page: IBM Plex Sans Arabic (fonts.ts) laid out right to left, each logical
 * line put in visual order (rtl-text.ts), so Arabic joins and reads right to left while numbers and
 * Latin words keep their own left-to-right order.
 */
export class RtlWriter {
  constructor(readonly doc: PDFKit.PDFDocument) {}

  font(bold: boolean, size: number, color: string = PALETTE.ink): void {
    this.doc
      .font(bold ? 'bold' : 'regular')
      .fontSize(size)
      .fillColor(color);
    forceRightToLeft(this.doc);
  }

  /** The width of a logical line in the current font, as drawn. */
  width(text: string): number {
    return this.doc.widthOfString(pdfLine(text), { features: WHOLE_RUN });
  }

  wrap(text: string, width: number): string[] {
    return wrapWords(text, width, (s) => this.width(s));
  }

  /** One logical line in `box`, in the current font; never wrapped. */
  line(text: string, y: number, box: Box, align: Align = 'right'): void {
    const x = alignedX(box, this.width(text), align);
    this.doc.text(pdfLine(text), x, y, { lineBreak: false, features: WHOLE_RUN });
  }

  /** A paragraph wrapped to `box`; answers the y below its last line. */
  paragraph(text: string, y: number, box: Box, size: number, style: ParagraphStyle = {}): number {
    this.font(style.bold ?? false, size, style.color);
    const height = size * (style.leading ?? 1.7);
    for (const line of this.wrap(text, box.width)) {
      const at = this.lineAt(y, height);
      this.line(line, at, box, style.align);
      y = at + height;
    }
    return y;
  }

  /** Where a line `height` tall meant for `y` goes: a writer that flows over pages moves it to the next. */
  protected lineAt(y: number, _height: number): number {
    return y;
  }
}
