import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_ADMIN as admin, TEST_META, TEST_NOW } from '../../../../test/support/test-service';
import { emptyStatusCounts, foodFigures, type StatisticsReport } from '../../../shared/statistics';
import type { ImpactReportEntity } from '../entities/impact-report.entity';
import { FoodCalculationRepository } from '../food/food-calculation.repository';
import { StatisticsRepository } from '../statistics/statistics.repository';
import { StatisticsService } from '../statistics/statistics.service';
import { ImpactReportsRepository, type NewImpactReport } from './impact-reports.repository';
import { ImpactReportsService, REPORT_NOT_FOUND } from './impact-reports.service';
import { ImpactViews } from './impact-views';

const TOKEN = 'Qm9va2VkLWJ5LXRoZS1zcGVjLTE5Mg';

/** A period's figures: 12 requests, 8 completed, 1 cancelled; 131.25 kg (100 estimated, 31.25 weighed). */
const TOTALS: StatisticsReport = {
  period: 'all_time',
  date: null,
  endDate: null,
  generatedAt: TEST_NOW.toISOString(),
  statusCounts: { ...emptyStatusCounts(), completed: 8, cancelled: 1, received: 3 },
  totalRequests: 12,
  successRate: 88.9,
  food: foodFigures(100, 31.25, 2),
  eventTypes: [
    { value: 'wedding', label: 'حفل زواج', count: 9, percentage: 75 },
    { value: 'milka', label: 'milka', count: 3, percentage: 25 },
  ],
};

function row(values: Partial<ImpactReportEntity> = {}): ImpactReportEntity {
  return {
    id: 5,
    title: 'أثر شهر نوفمبر',
    description: null,
    periodType: 'monthly',
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    reportData: { completedRequests: 8 },
    shareToken: TOKEN,
    isPublic: true,
    views: 4,
    createdAt: TEST_NOW,
    updatedAt: TEST_NOW,
    createdBy: 'huda',
    ...values,
  };
}

function setup() {
  const t = newTestService(ImpactReportsService);
  const repo = t.mock(ImpactReportsRepository);
  repo.insert.mockImplementation(async (_tx, values: NewImpactReport) => row({ ...values, id: 9, views: 0 }));
  t.mock(StatisticsService).computeRange.mockResolvedValue(TOTALS);
  const figures = t.mock(StatisticsRepository);
  figures.monthly.mockResolvedValue([{ month: '2026-11', requests: 12, foodSaved: 131.25 }]);
  figures.eventTypeLabels.mockResolvedValue(new Map([['milka', 'ملكة']]));
  t.mock(FoodCalculationRepository).rule.mockResolvedValue({ method: 'formula', manualAmount: 0, multiplier: 0.5 });
  return { ...t, repo, views: t.mock(ImpactViews), statistics: t.mock(StatisticsService) };
}

const input = { title: '  أثر شهر نوفمبر  ', periodType: 'monthly', startDate: '2026-11-01', endDate: '2026-11-30' };

describe('ImpactReportsService.create', () => {
  it('stores a snapshot of the figures of the Riyadh days from start to end inclusive, with the constants beside them', async () => {
    const t = setup();
    const stories = [{ title: 'قاعة الريم', description: 'تبرع أسبوعي', impact: '40 أسرة' }];
    const created = await t.sut.create({ ...input, impactStories: stories }, admin, TEST_META);

    expect(t.statistics.computeRange).toHaveBeenCalledWith({
      from: new Date('2026-10-31T21:00:00Z'),
      to: new Date('2026-11-30T21:00:00Z'),
    });
    const data = JSON.parse(created.reportData) as Record<string, unknown>;
    expect(data).toEqual({
      completedRequests: 8,
      familiesBenefited: 62,
      totalFoodSaved: 131.25,
      successRate: 88.9,
      totalRequests: 12,
      eventTypeBreakdown: { wedding: 9, milka: 3 },
      monthlyTrends: [{ month: '2026-11', requests: 12, foodSaved: 131.25 }],
      estimatedFoodKg: 100,
      weighedFoodKg: 31.25,
      meals: 312,
      co2eKg: 328.13,
      eventTypeLabels: { wedding: 'حفل زواج', milka: 'ملكة' },
      constants: { kgPerMeal: 0.42, mealsPerFamily: 5, co2ePerKg: 2.5 },
      // The report's making time comes from the one clock (tests move it), not the machine's.
      generatedAt: TEST_NOW.toISOString(),
      impactStories: stories,
    });
  });

  it('creates the report public, under a random share token of at least 128 bits, and logs who made it', async () => {
    const t = setup();
    const first = await t.sut.create(input, admin, TEST_META);
    const second = await t.sut.create(input, admin, TEST_META);
    expect([first.title, first.isPublic, first.createdBy]).toEqual(['أثر شهر نوفمبر', true, 'huda']);
    expect(first.shareToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Buffer.from(first.shareToken, 'base64url')).toHaveLength(24);
    expect(second.shareToken).not.toBe(first.shareToken);
    expect(t.activity.entries[0]).toEqual({
      action: 'impact_report_created',
      entityType: 'impact_report',
      entityId: 9,
      userId: 3,
      ipAddress: '10.0.0.5',
      userAgent: 'tablet',
      metadata: { title: 'أثر شهر نوفمبر', startDate: '2026-11-01', endDate: '2026-11-30' },
    });
  });

  it.each([
    ['no title', { ...input, title: '   ' }, 'title', 'يرجى إدخال عنوان التقرير'],
    ['a title with a lone surrogate', { ...input, title: 'ت\ud800' }, 'title', 'يرجى إدخال عنوان التقرير'],
    ['no end date', { ...input, endDate: undefined }, 'endDate', 'تاريخ النهاية مطلوب بالصيغة YYYY-MM-DD'],
    ['an impossible start date', { ...input, startDate: '2026-02-30' }, 'startDate', 'تاريخ البداية مطلوب بالصيغة YYYY-MM-DD'],
    ['an end before the start', { ...input, endDate: '2026-10-31' }, 'endDate', 'تاريخ النهاية يجب أن يكون في يوم البداية أو بعده'],
    [
      'an unknown period type',
      { ...input, periodType: 'daily' },
      'periodType',
      'نوع الفترة يجب أن يكون أسبوعي أو شهري أو ربع سنوي أو سنوي أو فترة مخصصة',
    ],
    [
      'a story without a title',
      { ...input, impactStories: [{ description: 'بلا عنوان' }] },
      'impactStories',
      'قصص الأثر يجب أن تكون قائمة (حتى 10) لكل منها عنوان ووصف وأثر',
    ],
  ])('refuses %s with 400 naming the field, computing and storing nothing', async (_case, body, field, message) => {
    const t = setup();
    const error = await refusal(t.sut.create(body, admin, TEST_META));
    expect([error.status, error.code, error.message]).toEqual([400, 'VALIDATION_FAILED', message]);
    expect(error.options.errors).toEqual({ [field]: message });
    expect(t.statistics.computeRange).not.toHaveBeenCalled();
    expect(t.repo.insert).not.toHaveBeenCalled();
    expect(t.uow.commits).toBe(0);
  });
});

describe('ImpactReportsService.setPublic', () => {
  it('switches the visibility and logs it; an unknown report answers 404 with nothing logged', async () => {
    const t = setup();
    t.repo.setPublic.mockResolvedValueOnce(row({ isPublic: false })).mockResolvedValueOnce(null);
    expect((await t.sut.setPublic(5, false, admin, TEST_META)).isPublic).toBe(false);
    expect(t.activity.entries.map((e) => [e.action, e.entityId, e.metadata])).toEqual([
      ['impact_report_visibility', 5, { isPublic: false }],
    ]);

    const error = await refusal(t.sut.setPublic(77, true, admin, TEST_META));
    expect([error.status, error.message]).toEqual([404, 'التقرير غير موجود']);
    expect(t.activity.entries).toHaveLength(1);
  });
});

describe('ImpactReportsService.open (the share link)', () => {
  it("counts a visitor's first open as a view and shows the public fields only (no id, no administrator)", async () => {
    const t = setup();
    t.repo.findPublic.mockResolvedValue(row());
    t.views.isNewView.mockResolvedValue(true);
    t.repo.countView.mockResolvedValue(5);
    const report = await t.sut.open(TOKEN, '203.0.113.7');
    expect(t.views.isNewView).toHaveBeenCalledWith(5, '203.0.113.7');
    expect(report).toEqual({
      title: 'أثر شهر نوفمبر',
      description: null,
      periodType: 'monthly',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      reportData: JSON.stringify({ completedRequests: 8 }),
      shareToken: TOKEN,
      views: 5,
      createdAt: TEST_NOW.toISOString(),
    });
  });

  it('does not count the same visitor again within the hour', async () => {
    const t = setup();
    t.repo.findPublic.mockResolvedValue(row());
    t.views.isNewView.mockResolvedValue(false);
    expect((await t.sut.open(TOKEN, '203.0.113.7')).views).toBe(4);
    expect(t.repo.countView).not.toHaveBeenCalled();
  });

  it.each([
    ['an unknown or private token', TOKEN],
    ['a token of the wrong shape', 'abc'],
    ['no token', undefined],
  ])("answers %s with the spec's 404 text and counts no view", async (_case, token) => {
    const t = setup();
    t.repo.findPublic.mockResolvedValue(null);
    const error = await refusal(t.sut.open(token, '203.0.113.7'));
    expect([error.status, error.message]).toEqual([404, 'تقرير غير موجود أو منتهي الصلاحية']);
    expect(t.views.isNewView).not.toHaveBeenCalled();
    expect(t.repo.countView).not.toHaveBeenCalled();
    if (token !== TOKEN) expect(t.repo.findPublic).not.toHaveBeenCalled();
  });

  it('answers 404 when the report was made private between reading it and counting the view', async () => {
    const t = setup();
    t.repo.findPublic.mockResolvedValue(row());
    t.views.isNewView.mockResolvedValue(true);
    t.repo.countView.mockResolvedValue(null);
    const error = await refusal(t.sut.open(TOKEN, '203.0.113.7'));
    expect([error.status, error.message]).toEqual([404, REPORT_NOT_FOUND]);
  });
});
