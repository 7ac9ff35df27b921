/**
 * Makes PDFKit's text engine (fontkit) lay every string out as Arabic, right to left, for the lines of
 * rtl-text.ts's `pdfLine`. PDFKit exposes no option for it, hence a wrapper on its font object.
 */

interface FontkitGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}
interface FontkitPosition {
  xAdvance: number;
  xOffset: number;
}
export interface FontkitRun {
  glyphs: FontkitGlyph[];
  positions: FontkitPosition[];
}
interface FontkitFont {
  unitsPerEm: number;
  layout: (text: string, features?: unknown, script?: string, language?: string, direction?: string) => FontkitRun;
  __rtl?: boolean;
}

/**
 * A ligature (lam-alef, …) stands for several letters; in a right-to-left run the text extractors
 * (pdftotext, screen readers, copy and paste) read the glyphs backwards, and would read the ligature's
 * letters backwards too. Its letters are therefore recorded in reverse, so they come out in order.
 */
export function readableLigatures(run: FontkitRun): FontkitRun {
  run.glyphs = run.glyphs.map((glyph) =>
    glyph.codePoints.length > 1
      ? Object.create(glyph, { codePoints: { value: [...glyph.codePoints].reverse(), enumerable: true } })
      : glyph,
  );
  return run;
}

/**
 * The widest space kept between two letters of a word, in em. The fonts open up to 0.17 em after a
 * letter that does not join the next (ر ي, ا ك: room for its tail); text extractors (pdftotext, viewers'
 * search) read a gap over 0.1 em as a space and split the word («تقر ير»). 0.09 em is the regular
 * weight's own gap after ر; the difference is under a point at the report's largest size.
 */
export const MAX_LETTER_GAP_EM = 0.09;

export function closeLetterGaps(run: FontkitRun, unitsPerEm: number): FontkitRun {
  const cap = MAX_LETTER_GAP_EM * unitsPerEm;
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    const excess = position ? position.xAdvance - glyph.advanceWidth - cap : 0;
    if (excess <= 0) return;
    position.xAdvance -= excess;
    // A gap before the letter (offset and advance both grown) closes from that side.
    if (position.xOffset > 0) position.xOffset = Math.max(0, position.xOffset - excess);
  });
  return run;
}

/**
 * Wraps the document's current font (once per font): fontkit otherwise picks the direction from the
 * first letter, so a line of digits or one that starts with a Latin word would not be reversed back.
 */
export function forceRightToLeft(doc: PDFKit.PDFDocument): void {
  const font = (doc as unknown as { _font?: { font?: FontkitFont } })._font?.font;
  if (!font || font.__rtl) return;
  const layout = font.layout.bind(font);
  font.layout = (text, features, _script, language, _direction) =>
    closeLetterGaps(readableLigatures(layout(text, features, 'arab', language, 'rtl')), font.unitsPerEm);
  font.__rtl = true;
}
