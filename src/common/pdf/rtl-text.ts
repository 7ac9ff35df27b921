import bidiFactory from 'bidi-js';

/**
 * Right-to-left lines for renderers that have no bidi algorithm of their own (PDFKit's fontkit lays a
 * run out in one direction and mirrors nothing; resvg lays a paragraph out left to right).
 *
 * The Unicode bidi algorithm (bidi-js, paragraph direction RTL) gives each line's visual order: Arabic
 * runs right to left, numbers and Latin words left to right as written, brackets in right-to-left runs
 * mirrored. Pure text in, text out: no fonts involved.
 */
const bidi = bidiFactory();

/** Letters of a right-to-left script: Hebrew, Arabic and their presentation forms. */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

/** The line in visual order, left to right, brackets of right-to-left runs mirrored. */
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

/**
 * The string to hand to PDFKit for a logical line: the reverse of its visual order. The font is always
 * laid out as Arabic, right to left (fontkit-rtl.ts), so fontkit sees Arabic letters in their logical
 * order (joining correctly) and reverses the glyphs back into the visual order; numbers and Latin words,
 * reversed twice, come out as written.
 */
export function pdfLine(line: string): string {
  // Reversed by code point so a surrogate pair stays whole.
  return [...visualOrder(line)].reverse().join('');
}

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
  return runs
    .map((run) => {
      if (levels.levels[run[0]] % 2 === 0) return run.map((i) => line[i]).join('');
      // A right-to-left run with letters is laid out right to left by the renderer (and mirrored by it);
      // one of neutrals only (a bracket) is not, so it goes in visual order, mirrored here.
      if (run.some((i) => RTL_LETTER.test(line[i])))
        return [...run]
          .reverse()
          .map((i) => line[i])
          .join('');
      return run.map((i) => mirrored.get(i) ?? line[i]).join('');
    })
    .join('\u200e');
}

/**
 * Wraps a logical paragraph into lines no wider than `width`, measuring with `measure`; a line break in
 * the text starts a new line. A word wider than the width gets a line of its own.
 */
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
