import { describe, expect, it } from '@jest/globals';
import { checkFoodSettings, exampleKg, FOOD_MESSAGES } from './food-calculation';
import { CHART_COLORS, chartColor, currentPeriod, foodFigures, percentage, periodInstants, readPeriodKey, successRate } from './statistics';

const NOW = new Date('2026-11-24T22:30:00Z'); // 25 Nov 2026, 01:30 in Riyadh

describe('statistics rules', () => {
  it('rounds percentages to one decimal and answers 0 for an empty whole', () => {
    expect(percentage(2, 3)).toBe(66.7);
    expect(percentage(1, 8)).toBe(12.5);
    expect(percentage(5, 0)).toBe(0);
  });

  it('counts success against finished requests only (active ones wait)', () => {
    expect(successRate({ received: 10, reviewing: 4, confirmed: 3, completed: 3, cancelled: 1 })).toBe(75);
    expect(successRate({ received: 2, reviewing: 0, confirmed: 0, completed: 0, cancelled: 0 })).toBe(0);
  });

  it('derives meals, families (rounded down) and CO2e from kilograms, weighed and estimated apart', () => {
    expect(foodFigures(50, 12.5, 1)).toEqual({
      totalKg: 62.5,
      estimatedKg: 50,
      weighedKg: 12.5,
      weighedRequests: 1,
      meals: 148,
      familiesBenefited: 29,
      co2eKg: 156.25,
    });
    // 2.1 kg is exactly 5 meals, one family, despite floating point.
    expect(foodFigures(2.1, 0, 0)).toMatchObject({ meals: 5, familiesBenefited: 1 });
  });

  it('takes "today" and the month in Riyadh, and the period bounds at Riyadh midnight', () => {
    expect(currentPeriod('daily', NOW)).toEqual({ period: 'daily', date: '2026-11-25' });
    expect(currentPeriod('monthly', new Date('2026-11-30T21:00:00Z'))).toEqual({ period: 'monthly', year: 2026, month: 12 });
    expect(periodInstants({ period: 'daily', date: '2026-11-25' })).toEqual({
      from: new Date('2026-11-24T21:00:00Z'),
      to: new Date('2026-11-25T21:00:00Z'),
    });
    expect(periodInstants({ period: 'monthly', year: 2026, month: 12 })).toEqual({
      from: new Date('2026-11-30T21:00:00Z'),
      to: new Date('2026-12-31T21:00:00Z'),
    });
    expect(periodInstants({ period: 'all_time' })).toBeNull();
  });

  it('reads a period from a query, refusing future and impossible ones by field', () => {
    expect(readPeriodKey({ period: 'daily' }, NOW)).toEqual({ period: 'daily', date: '2026-11-25' });
    expect(readPeriodKey({ period: 'monthly', year: '2026', month: '2' }, NOW)).toEqual({ period: 'monthly', year: 2026, month: 2 });
    expect(readPeriodKey({}, NOW)).toEqual({ period: 'all_time' });
    expect(readPeriodKey({ period: 'daily', date: '2026-11-26' }, NOW)).toMatchObject({ field: 'date' });
    expect(readPeriodKey({ period: 'monthly', year: 2026, month: 12 }, NOW)).toMatchObject({ field: 'month' });
    expect(readPeriodKey({ period: 'monthly', year: '20x6', month: 1 }, NOW)).toMatchObject({ field: 'year' });
    expect(readPeriodKey({ period: ['daily'] }, NOW)).toMatchObject({ field: 'period' });
  });
});

describe('food calculation rules', () => {
  const current = { manualAmount: null, formulaMultiplier: 0.5 };

  it('needs a whole number of kilograms above zero for the manual method', () => {
    expect(checkFoodSettings({ calculationMethod: 'manual', manualAmount: 0 }, current)).toEqual({
      errors: { manualAmount: FOOD_MESSAGES.manualAmount },
    });
    expect(checkFoodSettings({ calculationMethod: 'manual', manualAmount: '7.5' }, current)).toEqual({
      errors: { manualAmount: FOOD_MESSAGES.manualAmount },
    });
    expect(checkFoodSettings({ calculationMethod: 'manual', manualAmount: '7' }, current)).toMatchObject({
      value: { manualAmount: 7, formulaMultiplier: 0.5 },
    });
  });

  it('needs a multiplier of at least 0.1 with two decimals at most, and keeps the default description for an empty one', () => {
    expect(checkFoodSettings({ calculationMethod: 'formula', formulaMultiplier: 0.05 }, current)).toMatchObject({
      errors: { formulaMultiplier: FOOD_MESSAGES.formulaMultiplier },
    });
    expect(checkFoodSettings({ calculationMethod: 'formula', formulaMultiplier: 0.75, description: '  ' }, current)).toEqual({
      value: { calculationMethod: 'formula', manualAmount: null, formulaMultiplier: 0.75, description: 'حساب كمية الطعام المحفوظ' },
    });
  });

  it('shows the 100-attendee example of each method', () => {
    expect(exampleKg({ calculationMethod: 'formula', manualAmount: null, formulaMultiplier: 0.5 })).toBe(50);
    expect(exampleKg({ calculationMethod: 'manual', manualAmount: 30, formulaMultiplier: 0.5 })).toBe(30);
  });
});

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
