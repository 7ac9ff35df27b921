import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_ADMIN as admin, TEST_META, TEST_NOW } from '../../../../test/support/test-service';
import type { DbScope } from '../../../database/db-scope';
import { SETTING_KEYS, SystemSettingsService } from '../../system/system-settings.service';
import type { SystemSettingEntity } from '../../system/entities/system-setting.entity';
import { PickupCapacityService } from './pickup-capacity.service';
import { PickupsRepository } from './pickups.repository';

const CAPACITY_MESSAGE = 'الحد الأقصى للاستلامات في اليوم يجب أن يكون رقماً صحيحاً من 1 إلى 1000، أو فارغاً لعدم التقييد';

/** system_settings in memory: what `set` wrote, `get` and `value` read back. */
class FakeSettings {
  rows = new Map<string, SystemSettingEntity>();
  now = () => TEST_NOW;
  async get(key: string) {
    return this.rows.get(key) ?? null;
  }
  async value(key: string) {
    return this.rows.get(key)?.value ?? null;
  }
  async set(key: string, value: string, updatedBy: string | null, _scope?: DbScope, description?: string) {
    this.rows.set(key, { key, value, updatedBy, description, updatedAt: this.now() } as SystemSettingEntity);
  }
}

function setup(stored?: string) {
  const settings = new FakeSettings();
  const t = newTestService(PickupCapacityService, { provide: [[SystemSettingsService, settings]] });
  settings.now = () => t.clock.now();
  if (stored !== undefined) void settings.set(SETTING_KEYS.pickupMaxPerDay, stored, 'sara');
  const repo = t.mock(PickupsRepository);
  repo.countsByDate.mockResolvedValue(new Map([['2026-12-02', 3]]));
  return { ...t, settings, repo };
}

describe('PickupCapacityService.set', () => {
  it('saves a whole number typed in Arabic-Indic digits, logs before and after, and answers the new figure', async () => {
    const t = setup('');
    const result = await t.sut.set('٥', admin, TEST_META);
    expect(t.settings.rows.get('pickup_max_per_day')).toEqual(expect.objectContaining({ value: '5', updatedBy: 'huda' }));
    expect(t.activity.entries).toEqual([
      {
        action: 'pickup_capacity_updated',
        entityType: 'system_settings',
        entityId: 'pickup_max_per_day',
        userId: 3,
        ipAddress: '10.0.0.5',
        userAgent: 'tablet',
        metadata: { before: null, after: 5 },
      },
    ]);
    expect(result).toEqual({
      success: true,
      message: 'تم حفظ الحد اليومي للاستلامات: 5',
      capacity: { maxPerDay: 5, updatedAt: TEST_NOW.toISOString(), updatedBy: 'huda' },
    });
    expect(t.uow.commits).toBe(1);
  });

  it.each([[null], [''], ['   ']])('lifts the limit for an empty value (%p), stored as empty text', async (input) => {
    const t = setup('4');
    const result = await t.sut.set(input, admin, TEST_META);
    expect(t.settings.rows.get('pickup_max_per_day')?.value).toBe('');
    expect(t.activity.entries[0].metadata).toEqual({ before: 4, after: null });
    expect([result.message, result.capacity.maxPerDay]).toEqual(['أُلغي الحد اليومي للاستلامات', null]);
  });

  it.each([[0], [1001], [2.5], ['-3'], ['خمسة'], [true], [{}]])('refuses %p with 400 naming maxPerDay, writing nothing', async (input) => {
    const t = setup('4');
    const error = await refusal(t.sut.set(input, admin, TEST_META));
    expect([error.status, error.message, error.options.errors]).toEqual([400, CAPACITY_MESSAGE, { maxPerDay: CAPACITY_MESSAGE }]);
    expect(t.settings.rows.get('pickup_max_per_day')?.value).toBe('4');
    expect([t.uow.commits, t.activity.entries]).toEqual([0, []]);
  });
});

describe('PickupCapacityService.availability', () => {
  it('marks a date full once its pickups (not cancelled) reach the capacity', async () => {
    const t = setup('3');
    const days = await t.sut.availability('2026-12-01', 3);
    expect(days).toEqual([
      { date: '2026-12-01', full: false },
      { date: '2026-12-02', full: true },
      { date: '2026-12-03', full: false },
    ]);
    expect(t.repo.countsByDate).toHaveBeenCalledWith('2026-12-01', '2026-12-03');
  });

  it('marks nothing full and counts nothing when no capacity is set (empty or unreadable setting)', async () => {
    for (const stored of ['', 'غير محدد']) {
      const t = setup(stored);
      expect((await t.sut.availability('2026-12-01', 3)).some((d) => d.full)).toBe(false);
      expect(t.repo.countsByDate).not.toHaveBeenCalled();
    }
  });

  it('reuses an answer for 10 seconds, then counts again', async () => {
    const t = setup('3');
    await t.sut.availability('2026-12-01', 3);
    t.repo.countsByDate.mockResolvedValue(new Map([['2026-12-01', 3]]));
    t.clock.advance(9_999);
    expect((await t.sut.availability('2026-12-01', 3))[0].full).toBe(false);
    t.clock.advance(1);
    expect((await t.sut.availability('2026-12-01', 3))[0].full).toBe(true);
    expect(t.repo.countsByDate).toHaveBeenCalledTimes(2);
  });

  it('answers from the new capacity at once after it is changed', async () => {
    const t = setup('5');
    expect((await t.sut.availability('2026-12-01', 3))[1].full).toBe(false);
    await t.sut.set(3, admin, TEST_META);
    expect((await t.sut.availability('2026-12-01', 3))[1].full).toBe(true);
  });
});
