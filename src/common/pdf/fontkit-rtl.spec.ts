import { describe, expect, it } from '@jest/globals';
import { closeLetterGaps, type FontkitRun, MAX_LETTER_GAP_EM, readableLigatures } from './fontkit-rtl';

const glyph = (codePoints: number[], advanceWidth = 500) => ({ id: 1, codePoints, advanceWidth });

describe('fontkit runs laid out right to left', () => {
  it("records a ligature's letters in reverse, so text extraction reading backwards gets them in order", () => {
    const lamAlef = glyph([0x644, 0x627]);
    const run: FontkitRun = { glyphs: [glyph([0x628]), lamAlef], positions: [] };
    readableLigatures(run);
    expect(run.glyphs[0].codePoints).toEqual([0x628]);
    expect(run.glyphs[1].codePoints).toEqual([0x627, 0x644]);
    // The font's own glyph is left alone (fontkit caches glyphs).
    expect(lamAlef.codePoints).toEqual([0x644, 0x627]);
    expect(run.glyphs[1].advanceWidth).toBe(500);
  });

  it('closes a gap between letters wider than the cap, from the side it opened on', () => {
    const unitsPerEm = 1000;
    const cap = MAX_LETTER_GAP_EM * unitsPerEm;
    const run: FontkitRun = {
      glyphs: [glyph([0x631]), glyph([0x64a]), glyph([0x627])],
      positions: [
        { xAdvance: 500 + 170, xOffset: 0 },
        { xAdvance: 500 + 170, xOffset: 170 },
        { xAdvance: 500 + 50, xOffset: 0 },
      ],
    };
    closeLetterGaps(run, unitsPerEm);
    expect(run.positions[0]).toEqual({ xAdvance: 500 + cap, xOffset: 0 });
    expect(run.positions[1].xAdvance).toBeCloseTo(500 + cap);
    expect(run.positions[1].xOffset).toBeCloseTo(cap);
    // A gap under the cap is the font's own and stays.
    expect(run.positions[2]).toEqual({ xAdvance: 550, xOffset: 0 });
  });
});
