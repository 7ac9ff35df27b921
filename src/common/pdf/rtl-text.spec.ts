import { describe, expect, it } from '@jest/globals';
import { pdfLine, runsInVisualOrder, visualOrder, wrapWords } from './rtl-text';

const LRM = '\u200e';

describe('right-to-left lines for the PDF and the preview image', () => {
  it('puts a right-to-left line in visual order: numbers and Latin kept as written, brackets mirrored', () => {
    // "تقرير 2025 (Q2)" shows, left to right, as "(Q2) 2025" then the word reversed.
    expect(visualOrder('تقرير 2025 (Q2)')).toBe('(Q2) 2025 ريرقت');
    expect(visualOrder('الفترة (شهري)')).toBe('(يرهش) ةرتفلا');
    // Logically «(الحد اليومي)»: drawn left to right, the mirrored brackets face the words again.
    expect(visualOrder('من 20 (الحد اليومي)')).toBe('(يمويلا دحلا) 20 نم');
  });

  it('hands PDFKit the reverse of the visual order (fontkit reverses it back as it shapes Arabic)', () => {
    expect(pdfLine('تقرير 2025 (Q2)')).toBe('تقرير 5202 )2Q(');
    expect(pdfLine('66.7%')).toBe('%7.66');
    // Arabic alone is handed over in logical order, so its letters join.
    expect(pdfLine('جدول الاستلام')).toBe('جدول الاستلام');
  });

  it('keeps runs and spaces where they belong for a renderer that lays a paragraph out left to right', () => {
    expect(runsInVisualOrder('تقرير 2025')).toBe(['2025', ' ', 'تقرير'].join(LRM));
    expect(runsInVisualOrder('(Q2) لجمعية')).toBe(['لجمعية', ' ', '(', 'Q2', ')'].join(LRM));
  });
});

describe('numbers inside Arabic lines', () => {
  // Each number must read left to right in the visual order, whatever surrounds it.
  it.each([
    ['الجوال 0551234567', '0551234567'],
    ['رقم الطلب #4521', '4521'],
    ['14 يونيو 2025م', '2025'],
    ['الكمية: 1,234.5 كجم', '1,234.5'],
    ['350 شخص × 0.35 كجم', '0.35'],
    ['رمز التحقق: AbC-d_9', 'AbC-d_9'],
  ])('keeps %s’s %s as written', (line, number) => {
    expect(visualOrder(line)).toContain(number);
    // The preview image's runs keep it whole too, in its own run.
    expect(runsInVisualOrder(line).split(LRM)).toContain(number);
  });

  it('puts the numbers of a line in right-to-left order among themselves (the first is the rightmost)', () => {
    expect(visualOrder('من 1 إلى 30')).toBe('30 ىلإ 1 نم');
  });

  it('reverses a number for PDFKit, which reverses it back (the whole line is laid out right to left)', () => {
    expect(pdfLine('الجوال 0551234567')).toBe('الجوال 7654321550');
    expect(pdfLine('0551234567')).toBe('7654321550');
  });
});

describe('wrapping a paragraph', () => {
  const chars = (s: string) => s.length;

  it('wraps words to a width', () => {
    expect(wrapWords('أ ب ج د', 3, chars)).toEqual(['أ ب', 'ج د']);
    expect(wrapWords('سطر\nآخر', 100, chars)).toEqual(['سطر', 'آخر']);
  });

  it('gives a word wider than the width a line of its own rather than cutting it', () => {
    expect(wrapWords('أ الاستلامات ب', 3, chars)).toEqual(['أ', 'الاستلامات', 'ب']);
  });

  it('collapses runs of spaces and keeps an empty paragraph as an empty line', () => {
    expect(wrapWords('  أ   ب  ', 10, chars)).toEqual(['أ ب']);
    expect(wrapWords('أ\r\n\r\nب', 10, chars)).toEqual(['أ', '', 'ب']);
    expect(wrapWords('', 10, chars)).toEqual(['']);
  });

  it('measures whole candidate lines, so the measure decides where the break falls', () => {
    const seen: string[] = [];
    wrapWords('أ ب ج', 100, (s) => (seen.push(s), s.length));
    expect(seen).toEqual(['أ ب', 'أ ب ج']);
  });
});
