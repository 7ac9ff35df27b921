import { describe, expect, it } from '@jest/globals';
import type { DbScope } from '../../../database/db-scope';
import { FAKE_SCOPE, refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_NOW } from '../../../../test/support/test-service';
import type { PeriodKey } from '../../../shared/statistics';
import { FoodCalculationRepository, type FoodRule } from '../food/food-calculation.repository';
import { StatisticsRepository, type PeriodGroup } from './statistics.repository';
import { periodKeyOrThrow, StatisticsService } from './statistics.service';

const RULE: FoodRule = { method: 'formula', manualAmount: 0, multiplier: 0.5 };

const group = (status: string, eventType: string, count: number, kg: Partial<PeriodGroup> = {}): PeriodGroup => ({
  status,
  eventType,
  count,
  estimatedKg: 0,
  weighedKg: 0,
  weighedRequests: 0,
  ...kg,
});

/** 14 requests: 7 completed (2 of them weighed twice over), 2 cancelled, 5 still active. */
const GROUPS = [
  group('received', 'wedding', 3),
  group('completed', 'wedding', 5, { estimatedKg: 60, weighedKg: 45.3, weighedRequests: 2 }),
  group('cancelled', 'wedding', 2),
  group('completed', 'graduation', 2, { weighedKg: 20, weighedRequests: 2 }),
  group('confirmed', 'graduation', 1),
  group('reviewing', 'milka', 1),
];

function setup(now = TEST_NOW) {
  const t = newTestService(StatisticsService, { now });
  const repo = t.mock(StatisticsRepository);
  repo.groups.mockResolvedValue(GROUPS);
  repo.eventTypeLabels.mockResolvedValue(
    new Map([
      ['wedding', 'زواج'],
      ['milka', 'ملكة'],
    ]),
  );
  repo.read.mockResolvedValue([]);
  t.mock(FoodCalculationRepository).rule.mockResolvedValue(RULE);
  return { ...t, repo };
}

describe('StatisticsService figures', () => {
  it('counts success as completed over finished requests (active ones left out), one decimal', async () => {
    const t = setup();
    const report = await t.sut.computeRange(null);
    expect(report.statusCounts).toEqual({ received: 3, reviewing: 1, confirmed: 1, completed: 7, cancelled: 2 });
    expect(report.totalRequests).toBe(14);
    expect(report.successRate).toBe(77.8);
  });

  it('answers a success rate of 0, not a division by zero, when no request has finished', async () => {
    const t = setup();
    t.repo.groups.mockResolvedValue([group('received', 'wedding', 4)]);
    expect((await t.sut.computeRange(null)).successRate).toBe(0);
  });

  it('adds weighed and estimated kilograms, and derives meals (kg / 0.42), families (meals / 5, down) and CO2e (kg x 2.5)', async () => {
    const t = setup();
    expect((await t.sut.computeRange(null)).food).toEqual({
      totalKg: 125.3,
      estimatedKg: 60,
      weighedKg: 65.3,
      weighedRequests: 4,
      meals: 298,
      familiesBenefited: 59,
      co2eKg: 313.25,
    });
    expect(t.repo.groups).toHaveBeenCalledWith(null, RULE, undefined);
  });

  it("shares requests by event type, most first, in percent with one decimal and the administrators' own labels", async () => {
    const t = setup();
    expect((await t.sut.computeRange(null)).eventTypes).toEqual([
      { value: 'wedding', label: 'زواج', count: 10, percentage: 71.4 },
      { value: 'graduation', label: 'حفل تخرج', count: 3, percentage: 21.4 },
      { value: 'milka', label: 'ملكة', count: 1, percentage: 7.1 },
    ]);
  });

  it('counts a day from midnight to midnight in Riyadh, and a month from its first Riyadh midnight', async () => {
    const t = setup();
    const daily = await t.sut.compute({ period: 'daily', date: '2026-11-29' });
    expect(t.repo.groups.mock.calls[0][0]).toEqual({ from: new Date('2026-11-28T21:00:00Z'), to: new Date('2026-11-29T21:00:00Z') });
    expect([daily.period, daily.date, daily.endDate, daily.generatedAt]).toEqual([
      'daily',
      '2026-11-29',
      '2026-11-30',
      TEST_NOW.toISOString(),
    ]);
    await t.sut.compute({ period: 'monthly', year: 2026, month: 12 });
    expect(t.repo.groups.mock.calls[1][0]).toEqual({ from: new Date('2026-11-30T21:00:00Z'), to: new Date('2026-12-31T21:00:00Z') });
  });

  it('rounds the kilograms of completed pickups and gives the families they feed', async () => {
    const t = setup();
    t.repo.completedByEventDate.mockResolvedValue([{ completed: 12, kg: 104.994 }]);
    expect(await t.sut.completedByEventDate([{ from: '2026-11-22', to: '2026-11-28' }])).toEqual([
      { from: '2026-11-22', to: '2026-11-28', completed: 12, kg: 104.99, families: 49 },
    ]);
  });
});

describe('StatisticsService stored figures', () => {
  it('answers the stored figures of a period as they were stored, without computing them again', async () => {
    const t = setup();
    const createdAt = new Date('2026-11-28T21:10:00Z');
    const food = { totalKg: 50, estimatedKg: 50, weighedKg: 0, weighedRequests: 0, meals: 119, familiesBenefited: 23, co2eKg: 125 };
    t.repo.read.mockResolvedValue(
      [
        ['status_counts', { completed: 4, cancelled: 1 }],
        ['total_requests', 6],
        ['total_food_saved_kg', food],
        ['success_rate', 80],
        ['monthly_event_types', []],
      ].map(([metric, value]) => ({ metric: metric as string, value, createdAt })),
    );
    const report = await t.sut.get({ period: 'monthly', year: 2026, month: 11 });
    expect(report).toEqual({
      period: 'monthly',
      date: '2026-11-01',
      endDate: '2026-12-01',
      generatedAt: createdAt.toISOString(),
      statusCounts: { received: 0, reviewing: 0, confirmed: 0, completed: 4, cancelled: 1 },
      totalRequests: 6,
      successRate: 80,
      food,
      eventTypes: [],
    });
    expect(t.repo.read).toHaveBeenCalledWith('monthly', '2026-11-01');
    expect(t.repo.groups).not.toHaveBeenCalled();
    expect(t.repo.replace).not.toHaveBeenCalled();
  });

  it('computes and stores a period whose stored figures are missing or incomplete, stamped with the clock', async () => {
    const t = setup();
    t.repo.read.mockResolvedValue([{ metric: 'total_requests', value: 3, createdAt: TEST_NOW }]);
    const report = await t.sut.get({ period: 'all_time' });
    expect(report.totalRequests).toBe(14);
    expect(t.uow.commits).toBe(1);
    const [, period, date, metrics, at] = t.repo.replace.mock.calls[0];
    expect([period, date, at]).toEqual(['all_time', null, TEST_NOW]);
    expect(metrics).toEqual({
      status_counts: report.statusCounts,
      total_requests: 14,
      total_food_saved_kg: report.food,
      success_rate: 77.8,
      total_event_types: report.eventTypes,
    });
  });
});

describe('StatisticsService nightly run', () => {
  function withNight(ranBefore = false) {
    // 00:10 in Riyadh on 1 December: the night crossed into a new month.
    const t = setup(new Date('2026-11-30T21:10:00Z'));
    const generated: (string | null)[] = [];
    t.repo.replace.mockImplementation(async (_scope: DbScope, period, date) => void generated.push(`${period}:${date}`));
    t.repo.onceForNight.mockImplementation(async (_night, work) => (ranBefore ? false : (await work(FAKE_SCOPE), true)));
    return { ...t, generated };
  }

  it("generates yesterday (Riyadh), yesterday's month, the new month and all time, in the nightly transaction", async () => {
    const t = withNight();
    expect(await t.sut.nightly()).toBe(true);
    expect(t.repo.onceForNight.mock.calls[0][0]).toBe('2026-11-30');
    expect(t.generated).toEqual(['daily:2026-11-30', 'monthly:2026-11-01', 'monthly:2026-12-01', 'all_time:null']);
    // Stored in the transaction that marks the night done, not in transactions of their own.
    expect(t.repo.replace.mock.calls.map(([scope]) => scope)).toEqual(Array(4).fill(FAKE_SCOPE));
    expect(t.uow.commits).toBe(0);
  });

  it('generates only yesterday, its month and all time on a night inside a month', async () => {
    const t = withNight();
    await t.sut.runNightly(new Date('2026-11-14T21:10:00Z'));
    expect(t.generated).toEqual(['daily:2026-11-14', 'monthly:2026-11-01', 'all_time:null']);
  });

  it('does nothing when another process already ran the night, and a failure is logged, never thrown', async () => {
    const t = withNight(true);
    expect(await t.sut.nightly()).toBe(false);
    expect(t.generated).toEqual([]);
    t.repo.onceForNight.mockRejectedValue(new Error('database is down'));
    await expect(t.sut.nightly()).resolves.toBe(false);
    expect(t.logLines.join('')).toContain('nightly statistics failed');
  });
});

describe('periodKeyOrThrow', () => {
  it('refuses a day that has not come yet in Riyadh, naming the date field', async () => {
    const error = await refusal(Promise.resolve().then(() => periodKeyOrThrow({ period: 'daily', date: '2026-11-30' }, TEST_NOW)));
    expect([error.status, error.code, error.message]).toEqual([400, 'VALIDATION_FAILED', 'لا يمكن حساب إحصائيات لتاريخ لم يأت بعد']);
    expect(error.options.errors).toEqual({ date: 'لا يمكن حساب إحصائيات لتاريخ لم يأت بعد' });
    // 01:00 on the 30th in Riyadh, still the 29th in UTC: the 30th is today.
    const key: PeriodKey = periodKeyOrThrow({ period: 'daily', date: '2026-11-30' }, new Date('2026-11-29T22:00:00Z'));
    expect(key).toEqual({ period: 'daily', date: '2026-11-30' });
  });
});
