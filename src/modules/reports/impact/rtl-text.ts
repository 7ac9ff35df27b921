import bidiFactory from 'bidi-js';

/**
 * Right-to-left lines for PDFKit, whose text engine (fontkit) shapes Arabic letters but has no bidi
 * algorithm: it lays a run out in one direction and mirrors nothing.
 *
 * For each line: the Unicode bidi algorithm (bidi-js, paragraph direction RTL) gives the visual order,
 * brackets in right-to-left runs are mirrored, and the visual string is reversed. The font is always
 * laid out as Arabic, right to left (see `forceRightToLeft`), so fontkit sees Arabic letters in their
 * logical order (joining correctly), then reverses the glyphs back into the visual order. Numbers and
 * Latin words, reversed twice, come out as written.
 */
const bidi = bidiFactory();

/**
 * For renderers that shape and order each run themselves but lay a paragraph out left to right
 * (resvg): the line's runs in visual order, each in its own logical order, separated by LEFT-TO-RIGHT
 * MARKs so the renderer keeps them where they are.
 */
export function runsInVisualOrder(line: string): string {
  const levels = bidi.getEmbeddingLevels(line, 'rtl');
  const order = line.split('').map((_, i) => i);
  for (const [start, end] of bidi.getReorderSegments(line, levels)) {
    const reversed = order.slice(start, end + 1).reverse();
    order.splice(start, end - start + 1, ...reversed);
  }
  // Spaces are runs of their own: at the edge of a right-to-left run the renderer would move them.
  const kind = (i: number) => (/\s/.test(line[i]) ? 2 : levels.levels[i] % 2);
  const runs: number[][] = [];
  for (const index of order) {
    const last = runs[runs.length - 1];
    if (last && kind(last[0]) === kind(index) && kind(index) !== 2) last.push(index);
    else runs.push([index]);
  }
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  const rtlLetter = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
  return runs
    .map((run) => {
      if (levels.levels[run[0]] % 2 === 0) return run.map((i) => line[i]).join('');
      // A right-to-left run with letters is laid out right to left by the renderer (and mirrored by it);
      // one of neutrals only (a bracket) is not, so it goes in visual order, mirrored here.
      if (run.some((i) => rtlLetter.test(line[i])))
        return [...run]
          .reverse()
          .map((i) => line[i])
          .join('');
      return run.map((i) => mirrored.get(i) ?? line[i]).join('');
    })
    .join('\u200e');
}

export function visualOrder(line: string): string {
  const levels = bidi.getEmbeddingLevels(line, 'rtl');
  // bidi-js works on UTF-16 code units, so the line is handled as code units too.
  const units = line.split('');
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  mirrored.forEach((char, index) => {
    units[index] = char;
  });
  for (const [start, end] of bidi.getReorderSegments(line, levels)) {
    const reversed = units.slice(start, end + 1).reverse();
    units.splice(start, end - start + 1, ...reversed);
  }
  return units.join('');
}

/** The string to hand to PDFKit for a logical line (see the module comment). */
export function pdfLine(line: string): string {
  // Reversed by code point so a surrogate pair stays whole.
  return [...visualOrder(line)].reverse().join('');
}

interface FontkitGlyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}
interface FontkitPosition {
  xAdvance: number;
  xOffset: number;
}
interface FontkitRun {
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
function readableLigatures(run: FontkitRun): FontkitRun {
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
const MAX_LETTER_GAP_EM = 0.09;

function closeLetterGaps(run: FontkitRun, unitsPerEm: number): FontkitRun {
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
 * Makes PDFKit's current font lay every string out as Arabic, right to left: fontkit otherwise picks the
 * direction from the first letter, so a line of digits or one that starts with a Latin word would not
 * be reversed back. PDFKit exposes no option for it, hence the wrapper on its font object (once).
 */
export function forceRightToLeft(doc: PDFKit.PDFDocument): void {
  const font = (doc as unknown as { _font?: { font?: FontkitFont } })._font?.font;
  if (!font || font.__rtl) return;
  const layout = font.layout.bind(font);
  font.layout = (text, features, _script, language, _direction) =>
    closeLetterGaps(readableLigatures(layout(text, features, 'arab', language, 'rtl')), font.unitsPerEm);
  font.__rtl = true;
}

/** Wraps a logical paragraph into lines no wider than `width`, measuring with `measure`. */
export function wrapWords(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    let current = '';
    for (const word of words) {
      const candidate = current ? `${current} ${word}` : word;
      if (!current || measure(candidate) <= width) current = candidate;
      else {
        lines.push(current);
        current = word;
      }
    }
    lines.push(current);
  }
  return lines;
}
