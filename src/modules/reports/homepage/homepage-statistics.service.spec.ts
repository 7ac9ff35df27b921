import { describe, expect, it } from '@jest/globals';
import { REDIS } from '../../../common/redis/redis.module';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_ADMIN as admin, TEST_META, TEST_NOW } from '../../../../test/support/test-service';
import type { ManualHomepageStatisticsEntity } from '../entities/manual-homepage-statistics.entity';
import { FoodCalculationRepository, type FoodRule } from '../food/food-calculation.repository';
import { HomepageStatisticsRepository } from './homepage-statistics.repository';
import { HomepageStatisticsService } from './homepage-statistics.service';

/** The few Redis commands the cache uses, in memory; `down` makes every one fail as a lost connection. */
class FakeRedis {
  store = new Map<string, string>();
  down = false;
  private check() {
    if (this.down) throw new Error('Connection is closed.');
  }
  async mget(...keys: string[]) {
    this.check();
    return keys.map((key) => this.store.get(key) ?? null);
  }
  async incr(key: string) {
    this.check();
    const next = Number(this.store.get(key) ?? 0) + 1;
    this.store.set(key, String(next));
    return next;
  }
  async set(key: string, value: string, ...options: (string | number)[]) {
    this.check();
    if (options.includes('NX') && this.store.has(key)) return null;
    this.store.set(key, value);
    return 'OK';
  }
  async del(key: string) {
    this.check();
    return this.store.delete(key) ? 1 : 0;
  }
}

const RULE: FoodRule = { method: 'formula', manualAmount: 0, multiplier: 0.5 };
const CACHE_KEY = 'cache:homepage-statistics:v3';

function manualRow(values: Partial<ManualHomepageStatisticsEntity> = {}): ManualHomepageStatisticsEntity {
  return {
    id: 1,
    totalRequests: 900,
    uniquePhones: 700,
    foodSavedKg: 12_345.678,
    familiesBenefited: 4000,
    successfulEvents: 650,
    isActive: true,
    updatedAt: TEST_NOW,
    updatedBy: 'sara',
    ...values,
  };
}

function setup() {
  const redis = new FakeRedis();
  const t = newTestService(HomepageStatisticsService, { provide: [[REDIS, redis]] });
  const repo = t.mock(HomepageStatisticsRepository);
  repo.activeManual.mockResolvedValue(null);
  repo.computed.mockResolvedValue({ total: 120, phones: 95, completed: 80, kg: 104.994 });
  t.mock(FoodCalculationRepository).rule.mockResolvedValue(RULE);
  return { ...t, redis, repo };
}

describe('HomepageStatisticsService figures', () => {
  it('computes the figures from the requests when no manual figures are active: families = kg / 0.42 / 5, rounded down', async () => {
    const t = setup();
    expect(await t.sut.compute()).toEqual({
      totalRequests: 120,
      uniquePhones: 95,
      completedRequests: 80,
      estimatedFoodKg: 104.99,
      familiesBenefited: 49,
      basis: { source: 'computed', method: 'formula', multiplier: 0.5, manualAmount: 0 },
    });
    expect(t.repo.computed).toHaveBeenCalledWith(RULE);

    t.repo.computed.mockResolvedValue({ total: 120, phones: 95, completed: 80, kg: 105 });
    expect((await t.sut.compute()).familiesBenefited).toBe(50);
  });

  it("shows the administrator's manual figures instead of the computed ones while they are active", async () => {
    const t = setup();
    t.repo.activeManual.mockResolvedValue(manualRow());
    expect(await t.sut.compute()).toEqual({
      totalRequests: 900,
      uniquePhones: 700,
      completedRequests: 650,
      estimatedFoodKg: 12_345.68,
      familiesBenefited: 4000,
      basis: { source: 'manual' },
    });
    expect(t.repo.computed).not.toHaveBeenCalled();
  });
});

describe('HomepageStatisticsService.get (the cache)', () => {
  it('answers the cached figures until a change marks them stale, then computes them again', async () => {
    const t = setup();
    expect((await t.sut.get()).totalRequests).toBe(120);
    t.repo.computed.mockResolvedValue({ total: 121, phones: 96, completed: 80, kg: 104.994 });
    expect((await t.sut.get()).totalRequests).toBe(120);
    expect(t.repo.computed).toHaveBeenCalledTimes(1);

    await t.sut.invalidate();
    expect((await t.sut.get()).totalRequests).toBe(121);
    expect(t.repo.computed).toHaveBeenCalledTimes(2);
  });

  it('computes again figures older than five minutes even when nothing marked them stale', async () => {
    const t = setup();
    await t.sut.get();
    const entry = JSON.parse(t.redis.store.get(CACHE_KEY)!) as { computedAt: number };
    t.redis.store.set(CACHE_KEY, JSON.stringify({ ...entry, computedAt: Date.now() - 301_000 }));
    t.repo.computed.mockResolvedValue({ total: 130, phones: 99, completed: 81, kg: 110 });
    expect((await t.sut.get()).totalRequests).toBe(130);
  });

  it('answers the last figures at once while another process is computing the new ones', async () => {
    const t = setup();
    await t.sut.get();
    await t.sut.invalidate();
    t.redis.store.set('cache:homepage-statistics:lock', '1');
    t.repo.computed.mockResolvedValue({ total: 500, phones: 1, completed: 1, kg: 1 });
    expect((await t.sut.get()).totalRequests).toBe(120);
    expect(t.repo.computed).toHaveBeenCalledTimes(1);
  });

  it('computes stale figures once while every other visitor is answered at once with the last ones', async () => {
    const t = setup();
    await t.sut.get();
    await t.sut.invalidate();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    t.repo.computed.mockImplementation(async () => (await held, { total: 121, phones: 96, completed: 80, kg: 104.994 }));
    const first = t.sut.get();
    const others = Promise.all(Array.from({ length: 20 }, () => t.sut.get()));
    await new Promise((resolve) => setImmediate(resolve));
    try {
      // The first load, and the one computation now under way.
      expect(t.repo.computed).toHaveBeenCalledTimes(2);
    } finally {
      release();
    }
    expect((await others).map((figures) => figures.totalRequests)).toEqual(Array(20).fill(120));
    expect((await first).totalRequests).toBe(121);
    expect((await t.sut.get()).totalRequests).toBe(121);
    expect(t.repo.computed).toHaveBeenCalledTimes(2);
  });

  it('shares one computation among the visitors who arrive together while nothing is cached yet', async () => {
    const t = setup();
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.sut.get()));
    expect(answers.map((figures) => figures.totalRequests)).toEqual(Array(5).fill(120));
    expect(t.repo.computed).toHaveBeenCalledTimes(1);
  });

  it('still answers figures with Redis down, computed directly, and marking them stale does not fail', async () => {
    const t = setup();
    t.redis.down = true;
    expect((await t.sut.get()).totalRequests).toBe(120);
    await expect(t.sut.invalidate()).resolves.toBeUndefined();
    expect(t.logLines.join('')).toContain('could not mark the homepage statistics stale');
  });
});

describe('HomepageStatisticsService.saveManual', () => {
  it('saves five whole numbers (Arabic-Indic digits read, empty as 0), logs them and marks the figures stale after commit', async () => {
    const t = setup();
    await t.sut.get();
    t.repo.activeManual.mockResolvedValue(manualRow({ totalRequests: 1500 }));
    const answer = await t.sut.saveManual(
      { totalRequests: '١٥٠٠', uniquePhones: 700, foodSavedKg: '12,000', familiesBenefited: '', successfulEvents: null },
      admin,
      TEST_META,
    );
    const values = { totalRequests: 1500, uniquePhones: 700, foodSavedKg: 12000, familiesBenefited: 0, successfulEvents: 0 };
    expect(t.repo.saveManual).toHaveBeenCalledWith(expect.anything(), values, 'huda');
    expect(t.activity.entries).toEqual([
      {
        action: 'homepage_statistics_updated',
        entityType: 'homepage_statistics',
        userId: 3,
        ipAddress: '10.0.0.5',
        userAgent: 'tablet',
        metadata: values,
      },
    ]);
    expect(t.uow.afterCommits).toBe(1);
    expect([answer.success, answer.message]).toEqual([true, 'تم حفظ أرقام الصفحة الرئيسية']);
    // The public figures follow at once: the cached computed ones are stale.
    expect((await t.sut.get()).totalRequests).toBe(1500);
  });

  it.each([
    ['totalRequests', -3, 'إجمالي الطلبات يجب أن يكون رقماً صحيحاً من 0 فأكثر'],
    ['foodSavedKg', '12.5', 'كمية الطعام المحفوظ يجب أن تكون رقماً صحيحاً من 0 فأكثر'],
    ['familiesBenefited', 2_147_483_648, 'عدد الأسر المستفيدة يجب أن يكون رقماً صحيحاً من 0 فأكثر'],
  ])('refuses %s = %j with 400 naming the field, and saves nothing', async (field, value, message) => {
    const t = setup();
    const error = await refusal(t.sut.saveManual({ totalRequests: 1, [field]: value }, admin, TEST_META));
    expect([error.status, error.code, error.message]).toEqual([400, 'VALIDATION_FAILED', message]);
    expect(error.options.errors).toEqual({ [field]: message });
    expect(t.repo.saveManual).not.toHaveBeenCalled();
    expect(t.uow.commits).toBe(0);
    expect(t.redis.store.has('cache:homepage-statistics:version')).toBe(false);
  });
});

describe('HomepageStatisticsService.reset', () => {
  it('goes back to computed figures, logging the reset only when manual figures were active', async () => {
    const t = setup();
    t.repo.deactivateManual.mockResolvedValueOnce(1).mockResolvedValueOnce(0);
    const answer = await t.sut.reset(admin, TEST_META);
    expect(answer.message).toBe('تعرض الصفحة الرئيسية الآن الأرقام المحسوبة من الطلبات');
    expect(t.repo.deactivateManual).toHaveBeenCalledWith(expect.anything(), 'huda');
    await t.sut.reset(admin, TEST_META);
    expect(t.activity.entries.map((e) => e.action)).toEqual(['homepage_statistics_reset']);
    expect(t.redis.store.get('cache:homepage-statistics:version')).toBe('2');
  });
});
