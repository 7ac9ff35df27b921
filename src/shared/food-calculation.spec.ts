import { describe, expect, it } from '@jest/globals';
import { checkFoodSettings, FOOD_MESSAGES } from './food-calculation';

const current = { manualAmount: null, formulaMultiplier: 0.5 };

describe('checkFoodSettings with digits typed in any set', () => {
  it('accepts a manual amount in Arabic-Indic or Eastern Arabic-Indic digits', () => {
    expect(checkFoodSettings({ calculationMethod: 'manual', manualAmount: '٢٥' }, current)).toMatchObject({ value: { manualAmount: 25 } });
    expect(checkFoodSettings({ calculationMethod: 'manual', manualAmount: '۴۰' }, current)).toMatchObject({ value: { manualAmount: 40 } });
    expect(checkFoodSettings({ calculationMethod: 'manual', manualAmount: '25' }, current)).toMatchObject({ value: { manualAmount: 25 } });
  });

  it('accepts a multiplier with Arabic digits and either decimal point', () => {
    const formula = (formulaMultiplier: string) => checkFoodSettings({ calculationMethod: 'formula', formulaMultiplier }, current);
    expect(formula('٠٫٧')).toMatchObject({ value: { formulaMultiplier: 0.7 } });
    expect(formula('٠.٢٥')).toMatchObject({ value: { formulaMultiplier: 0.25 } });
    expect(formula('۱٫۵')).toMatchObject({ value: { formulaMultiplier: 1.5 } });
  });

  it('still refuses what is not a valid amount, whatever the digits', () => {
    expect(checkFoodSettings({ calculationMethod: 'manual', manualAmount: '٠' }, current)).toEqual({
      errors: { manualAmount: FOOD_MESSAGES.manualAmount },
    });
    expect(checkFoodSettings({ calculationMethod: 'manual', manualAmount: '٢٫٥' }, current)).toEqual({
      errors: { manualAmount: FOOD_MESSAGES.manualAmount },
    });
    expect(checkFoodSettings({ calculationMethod: 'formula', formulaMultiplier: '٠٫٠٥' }, current)).toEqual({
      errors: { formulaMultiplier: FOOD_MESSAGES.formulaMultiplier },
    });
    expect(checkFoodSettings({ calculationMethod: 'formula', formulaMultiplier: 'نصف' }, current)).toEqual({
      errors: { formulaMultiplier: FOOD_MESSAGES.formulaMultiplier },
    });
  });
});
