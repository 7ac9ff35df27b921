import { describe, expect, it } from '@jest/globals';
import { HOME_FIGURES, homepageFiguresNote, manualFigures, pickManualFigures, publicFigures } from './homepage-figures';

describe('homepageFiguresNote', () => {
  it('states the formula with the multiplier the settings hold', () => {
    expect(homepageFiguresNote({ source: 'computed', method: 'formula', multiplier: 0.5, manualAmount: 0 })).toBe(
      'الأرقام المعلَّمة «تقديري» محسوبة: الطعام المحفوظ = عدد الحضور × 0.5 كجم للشخص (ما لم يُوزن فعلياً)، والأسر المستفيدة = الطعام ÷ 0.42 كجم للوجبة ÷ 5 أفراد للأسرة.',
    );
    expect(homepageFiguresNote({ source: 'computed', method: 'formula', multiplier: 0.75, manualAmount: 0 })).toContain(
      'عدد الحضور × 0.75 كجم للشخص',
    );
  });

  it('states the fixed amount per completed request under the manual method', () => {
    const note = homepageFiguresNote({ source: 'computed', method: 'manual', multiplier: 0.5, manualAmount: 30 });
    expect(note).toContain('الطعام المحفوظ = 30 كجم لكل طلب جمع مكتمل (ما لم يُوزن فعلياً)');
    expect(note).not.toContain('للشخص');
  });

  it('says the figures were entered by the charity when an administrator set them', () => {
    const note = homepageFiguresNote({ source: 'manual' });
    expect(note).toContain('أدخلتها الجمعية');
    expect(note).not.toContain('عدد الحضور');
  });
});

describe('the homepage figures under their two names', () => {
  const manual = { totalRequests: 120, uniquePhones: 80, foodSavedKg: 512.345, familiesBenefited: 243, successfulEvents: 95 };

  it("gives the manual row's figures their public names (decisions.md: successfulEvents → completedRequests, foodSavedKg → estimatedFoodKg)", () => {
    expect(publicFigures(manual)).toEqual({
      totalRequests: 120,
      uniquePhones: 80,
      completedRequests: 95,
      estimatedFoodKg: 512.35,
      familiesBenefited: 243,
    });
  });

  it('gives the public figures back their manual names, and keeps only the five of a stored row', () => {
    expect(manualFigures(publicFigures(manual))).toEqual({ ...manual, foodSavedKg: 512.35 });
    expect(pickManualFigures({ ...manual, id: 3, isActive: true } as typeof manual)).toEqual(manual);
  });

  it('shows four on the home, in its order, the food and the families marked as estimates', () => {
    expect(HOME_FIGURES.map(({ publicField, label, estimate }) => [publicField, label, estimate])).toEqual([
      ['totalRequests', 'مناسبة سجّلت طلب جمع', false],
      ['familiesBenefited', 'أسرة مستفيدة', true],
      ['completedRequests', 'طلب جمع مكتمل', false],
      ['estimatedFoodKg', 'كجم من الطعام المحفوظ', true],
    ]);
  });
});
