import { describe, expect, it } from '@jest/globals';
import { homepageFiguresNote } from './homepage-figures';

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
