import { describe, expect, it } from '@jest/globals';
import type { DbScope } from '../../../database/db-scope';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_ADMIN as admin, TEST_META, TEST_NOW } from '../../../../test/support/test-service';
import type { FoodCalculationSettingsEntity } from '../entities/food-calculation-settings.entity';
import { HomepageStatisticsService } from '../homepage/homepage-statistics.service';
import { StatisticsService } from '../statistics/statistics.service';
import { FoodCalculationRepository } from './food-calculation.repository';
import { FoodCalculationService } from './food-calculation.service';

type Saved = Pick<FoodCalculationSettingsEntity, 'calculationMethod' | 'manualAmount' | 'formulaMultiplier' | 'description' | 'updatedBy'>;

/** The one active settings row, kept in memory: what save wrote is what active() answers. */
class FakeFoodSettings {
  saves: Saved[] = [];
  scopes: DbScope[] = [];
  constructor(public row: FoodCalculationSettingsEntity | null) {}
  async active() {
    return this.row;
  }
  async save(scope: DbScope, values: Saved) {
    this.saves.push(values);
    this.scopes.push(scope);
    this.row = { id: 1, isActive: true, createdAt: TEST_NOW, ...this.row, ...values, updatedAt: TEST_NOW };
    return this.row;
  }
}

function setup(row: Partial<FoodCalculationSettingsEntity> | null = null) {
  const stored =
    row &&
    ({
      id: 1,
      isActive: true,
      description: null,
      updatedBy: 'sara',
      createdAt: TEST_NOW,
      updatedAt: TEST_NOW,
      ...row,
    } as FoodCalculationSettingsEntity);
  const settings = new FakeFoodSettings(stored);
  const t = newTestService(FoodCalculationService, { provide: [[FoodCalculationRepository, settings]] });
  const homepage = t.mock(HomepageStatisticsService);
  const statistics = t.mock(StatisticsService);
  // When the homepage figures were marked stale, counted in commits (0: inside the transaction).
  const staleAt: number[] = [];
  homepage.invalidate.mockImplementation(async () => void staleAt.push(t.uow.commits));
  return { ...t, settings, homepage, statistics, staleAt };
}

describe('FoodCalculationService.get', () => {
  it('answers the formula at 0.5 kg per attendee when nothing was ever saved', async () => {
    const t = setup();
    expect(await t.sut.get()).toEqual({
      calculationMethod: 'formula',
      manualAmount: null,
      formulaMultiplier: 0.5,
      description: 'حساب كمية الطعام المحفوظ',
      updatedAt: null,
      updatedBy: null,
    });
  });
});

describe('FoodCalculationService.save', () => {
  it('saves the new rule, drops the stored statistics in the same transaction and marks the homepage stale after commit', async () => {
    const t = setup({ calculationMethod: 'formula', manualAmount: null, formulaMultiplier: 0.5 });
    const answer = await t.sut.save({ calculationMethod: 'manual', manualAmount: '٢٥' }, admin, TEST_META);

    expect(t.settings.saves).toEqual([
      { calculationMethod: 'manual', manualAmount: 25, formulaMultiplier: 0.5, description: 'حساب كمية الطعام المحفوظ', updatedBy: 'huda' },
    ]);
    // The same transaction as the save: a rollback keeps the stored figures too.
    expect(t.statistics.clearStored.mock.calls).toEqual([[t.settings.scopes[0]]]);
    expect(t.uow.commits).toBe(1);
    expect(t.staleAt).toEqual([1]);
    expect(t.uow.afterCommits).toBe(1);
    expect(answer).toEqual({
      success: true,
      message: 'تم حفظ إعدادات حساب الطعام',
      settings: {
        calculationMethod: 'manual',
        manualAmount: 25,
        formulaMultiplier: 0.5,
        description: 'حساب كمية الطعام المحفوظ',
        updatedAt: TEST_NOW.toISOString(),
        updatedBy: 'huda',
      },
    });
  });

  it('logs the rule before and after the change, with who changed it and from where', async () => {
    const t = setup({ calculationMethod: 'formula', manualAmount: 30, formulaMultiplier: 0.5 });
    await t.sut.save({ calculationMethod: 'formula', formulaMultiplier: '0.75', description: '  تقدير الحضور  ' }, admin, TEST_META);
    expect(t.activity.entries).toEqual([
      {
        action: 'food_calculation_updated',
        entityType: 'food_calculation_settings',
        userId: 3,
        ipAddress: '10.0.0.5',
        userAgent: 'tablet',
        metadata: {
          before: { method: 'formula', manualAmount: 30, multiplier: 0.5 },
          after: { calculationMethod: 'formula', manualAmount: 30, formulaMultiplier: 0.75, description: 'تقدير الحضور' },
        },
      },
    ]);
  });

  it('keeps the stored manual amount when switching to the formula without sending one', async () => {
    const t = setup({ calculationMethod: 'manual', manualAmount: 40, formulaMultiplier: 0.5 });
    await t.sut.save({ calculationMethod: 'formula', formulaMultiplier: 1.2 }, admin, TEST_META);
    expect(t.settings.saves[0]).toEqual(
      expect.objectContaining({ calculationMethod: 'formula', manualAmount: 40, formulaMultiplier: 1.2 }),
    );
  });

  const MANUAL = 'الكمية اليدوية يجب أن تكون رقماً صحيحاً أكبر من صفر (بالكيلوجرام)';
  const MULTIPLIER = 'المعامل يجب أن يكون رقماً أكبر من صفر (0.1 على الأقل، بحد أقصى 100)';
  it.each([
    ['an unknown method', { calculationMethod: 'weight' }, 'calculationMethod', 'طريقة الحساب يجب أن تكون المعادلة أو الكمية اليدوية'],
    ['the manual method with no amount stored or sent', { calculationMethod: 'manual' }, 'manualAmount', MANUAL],
    ['a manual amount of 0', { calculationMethod: 'manual', manualAmount: 0 }, 'manualAmount', MANUAL],
    ['a manual amount that is not whole', { calculationMethod: 'manual', manualAmount: '2.5' }, 'manualAmount', MANUAL],
    ['a multiplier of 0', { calculationMethod: 'formula', formulaMultiplier: 0 }, 'formulaMultiplier', MULTIPLIER],
    ['a multiplier under 0.1', { calculationMethod: 'formula', formulaMultiplier: 0.05 }, 'formulaMultiplier', MULTIPLIER],
    ['a multiplier with three decimals', { calculationMethod: 'formula', formulaMultiplier: 0.123 }, 'formulaMultiplier', MULTIPLIER],
    [
      'a description over 500 characters',
      { calculationMethod: 'formula', description: 'و'.repeat(501) },
      'description',
      'الوصف يجب أن يكون نصاً لا يتجاوز 500 حرف',
    ],
  ])('refuses %s with 400 naming the field, and changes nothing anywhere', async (_case, input, field, message) => {
    const t = setup({ calculationMethod: 'formula', manualAmount: null, formulaMultiplier: 0.5 });
    const error = await refusal(t.sut.save(input, admin, TEST_META));
    expect([error.status, error.code, error.message]).toEqual([400, 'VALIDATION_FAILED', message]);
    expect(error.options.errors).toEqual({ [field]: message });
    expect(t.settings.saves).toEqual([]);
    expect(t.statistics.clearStored).not.toHaveBeenCalled();
    expect(t.homepage.invalidate).not.toHaveBeenCalled();
    expect(t.uow.commits).toBe(0);
    expect(t.activity.entries).toEqual([]);
  });

  it('leaves the homepage figures alone when the save fails inside the transaction', async () => {
    const t = setup({ calculationMethod: 'formula', manualAmount: null, formulaMultiplier: 0.5 });
    t.statistics.clearStored.mockRejectedValue(new Error('connection lost'));
    await expect(t.sut.save({ calculationMethod: 'formula', formulaMultiplier: 2 }, admin, TEST_META)).rejects.toThrow('connection lost');
    expect(t.homepage.invalidate).not.toHaveBeenCalled();
    expect(t.uow.commits).toBe(0);
  });
});
