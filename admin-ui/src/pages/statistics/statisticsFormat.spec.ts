import { describe, expect, it } from '@jest/globals';
import { CHART_COLORS, chartColor } from './statisticsFormat';

describe('event-type chart colours', () => {
  it('has seven distinct colours and starts again at the first for the eighth type', () => {
    expect(new Set(CHART_COLORS).size).toBe(7);
    const firstNine = Array.from({ length: 9 }, (_, i) => chartColor(i));
    expect(firstNine.slice(0, 7)).toEqual([...CHART_COLORS]);
    expect(firstNine[7]).toBe(CHART_COLORS[0]);
    expect(firstNine[8]).toBe(CHART_COLORS[1]);
    expect(chartColor(20)).toBe(CHART_COLORS[6]);
  });
});
