import { describe, expect, it } from '@jest/globals';
import { pdfLine, runsInVisualOrder, visualOrder, wrapWords } from './rtl-text';

describe('right-to-left lines for the PDF and the preview image', () => {
  it('puts a right-to-left line in visual order: numbers and Latin kept as written, brackets mirrored', () => {
    // "تقرير 2025 (Q2)" shows, left to right, as "(Q2) 2025" then the word reversed.
    expect(visualOrder('تقرير 2025 (Q2)')).toBe('(Q2) 2025 ريرقت');
    expect(visualOrder('الفترة (شهري)')).toBe('(يرهش) ةرتفلا');
  });

  it('hands PDFKit the reverse of the visual order (fontkit reverses it back as it shapes Arabic)', () => {
    expect(pdfLine('تقرير 2025 (Q2)')).toBe('تقرير 5202 )2Q(');
    expect(pdfLine('66.7%')).toBe('%7.66');
  });

  it('keeps runs and spaces where they belong for a renderer that lays a paragraph out left to right', () => {
    const LRM = '\u200e';
    expect(runsInVisualOrder('تقرير 2025')).toBe(['2025', ' ', 'تقرير'].join(LRM));
    expect(runsInVisualOrder('(Q2) لجمعية')).toBe(['لجمعية', ' ', '(', 'Q2', ')'].join(LRM));
  });

  it('wraps words to a width', () => {
    expect(wrapWords('أ ب ج د', 3, (s) => s.length)).toEqual(['أ ب', 'ج د']);
    expect(wrapWords('سطر\nآخر', 100, (s) => s.length)).toEqual(['سطر', 'آخر']);
  });
});
