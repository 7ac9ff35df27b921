import { Clock } from '../../../common/clock/clock';
import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { DomainException } from '../../../common/errors/domain.exception';
import type { RequestMeta } from '../../../common/http/request-meta';
import type { PageMeta } from '../../../common/http/site-pages';
import type { ImpactReport, ImpactReportData, PublicImpactReport } from '../../../shared/api/reports';
import { CO2E_KG_PER_FOOD_KG, KG_PER_MEAL, MEALS_PER_FAMILY } from '../../../shared/constants';
import { checkImpactReport, reportFileName } from '../../../shared/impact';
import { addDaysToDateString, riyadhInstant } from '../../../shared/time';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { ImpactReportEntity } from '../entities/impact-report.entity';
import { FoodCalculationRepository } from '../food/food-calculation.repository';
import { StatisticsRepository } from '../statistics/statistics.repository';
import { StatisticsService } from '../statistics/statistics.service';
import { ImpactFiles, type ImpactFile } from './impact-files';
import { dataOf, toApi, toPublic } from './impact-report.mapper';
import { ImpactReportsRepository } from './impact-reports.repository';
import { ImpactViews } from './impact-views';
import { ESTIMATE_MARK, FIGURE_LABELS } from '../../../shared/figure-labels';
import { UnitOfWork } from '../../../database/unit-of-work';

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const formatCount = (n: number) => counts.format(n);

/** The spec's not-found text (public-side §8), for an unknown and for a private report alike. */
export const REPORT_NOT_FOUND = 'تقرير غير موجود أو منتهي الصلاحية';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

/** Impact reports (spec §7; decisions.md "Statistics and impact"): a snapshot that never changes. */
@Injectable()
export class ImpactReportsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: ImpactReportsRepository,
    private readonly statistics: StatisticsService,
    private readonly figures: StatisticsRepository,
    private readonly food: FoodCalculationRepository,
    private readonly activity: ActivityLogService,
    private readonly files: ImpactFiles,
    private readonly views: ImpactViews,
    private readonly clock: Clock,
  ) {}

  /** A page of the list; `ids` narrows it to those reports (react-admin's getMany). */
  async list(skip: number, take: number, order: 'ASC' | 'DESC', ids?: number[]) {
    const page = await this.repo.page(skip, take, order, ids);
    return { rows: page.rows.map(toApi), total: page.total };
  }

  /** One report as the list shows it (react-admin's getOne). */
  async one(id: number): Promise<ImpactReport> {
    const row = await this.repo.find(id);
    if (!row) throw DomainException.notFound('التقرير غير موجود');
    return toApi(row);
  }

  async create(input: Record<string, unknown>, admin: AdminPrincipal | undefined, meta: RequestMeta): Promise<ImpactReport> {
    const checked = checkImpactReport(input ?? {});
    if ('errors' in checked) throw DomainException.validation(checked.errors as Record<string, string>, Object.values(checked.errors)[0]);
    const value = checked.value;
    const reportData = await this.snapshot(value.startDate, value.endDate);
    if (value.impactStories.length) reportData.impactStories = value.impactStories;
    const row = await this.uow.run(async (tx) => {
      const created = await this.repo.insert(tx, {
        title: value.title,
        description: value.description,
        periodType: value.periodType,
        startDate: value.startDate,
        endDate: value.endDate,
        reportData,
        // 192 random bits, URL-safe: unguessable (decisions.md asks for at least 128).
        shareToken: randomBytes(24).toString('base64url'),
        // Created public: a report exists to be shared (decisions.md); the list's switch hides it.
        isPublic: true,
        createdBy: admin?.username ?? null,
      });
      await this.activity.record(tx, {
        action: 'impact_report_created',
        entityType: 'impact_report',
        entityId: created.id,
        userId: admin?.userId,
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        metadata: { title: value.title, startDate: value.startDate, endDate: value.endDate },
      });
      return created;
    });
    return toApi(row);
  }

  async setPublic(id: number, isPublic: boolean, admin: AdminPrincipal | undefined, meta: RequestMeta): Promise<ImpactReport> {
    const row = await this.uow.run(async (tx) => {
      const updated = await this.repo.setPublic(tx, id, isPublic);
      if (updated)
        await this.activity.record(tx, {
          action: 'impact_report_visibility',
          entityType: 'impact_report',
          entityId: id,
          userId: admin?.userId,
          ipAddress: meta.ip,
          userAgent: meta.userAgent,
          metadata: { isPublic },
        });
      return updated;
    });
    if (!row) throw DomainException.notFound('التقرير غير موجود');
    return toApi(row);
  }

  /**
   * GET /api/impact/:token: the public view of a public report. The open counts as a view once per
   * visitor per hour (ImpactViews); unknown and private tokens answer the spec's 404.
   */
  async open(token: unknown, ip: string): Promise<PublicImpactReport> {
    const row = await this.findPublic(token);
    if (!row) throw DomainException.notFound(REPORT_NOT_FOUND);
    if (await this.views.isNewView(row.id, ip)) {
      const views = await this.repo.countView(row.id);
      if (views === null) throw DomainException.notFound(REPORT_NOT_FOUND);
      row.views = views;
    }
    return toPublic(row);
  }

  /** A public report for its page's server-rendered preview and PDF (no view counted). */
  async findPublic(token: unknown): Promise<ImpactReportEntity | null> {
    if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return null;
    return this.repo.findPublic(token);
  }

  /** The link preview of /impact/:token (Open Graph), from the stored figures; no view counted. */
  async previewMeta(token: string, baseUrl?: string): Promise<PageMeta> {
    const row = await this.findPublic(token);
    if (!row) return { title: REPORT_NOT_FOUND, description: '', notFound: true };
    const data = dataOf(row);
    const figures = [
      `${formatCount(data.completedRequests)} ${FIGURE_LABELS.completedRequests}`,
      `${formatCount(data.familiesBenefited)} ${FIGURE_LABELS.familiesBenefited} (${ESTIMATE_MARK})`,
      `${formatCount(data.totalFoodSaved)} ${FIGURE_LABELS.foodSavedKg}`,
      `${FIGURE_LABELS.successRate} ${formatCount(data.successRate)}%`,
    ].join(' · ');
    const path = `/impact/${encodeURIComponent(row.shareToken)}`;
    return {
      title: `${row.title} — جمعية حفظ النعمة بينبع`,
      description: figures,
      url: baseUrl ? `${baseUrl}${path}` : undefined,
      image: baseUrl ? `${baseUrl}/api${path}/og.png` : undefined,
    };
  }

  /** The link-preview image of a public report, drawn once and then read from storage. */
  async ogImage(token: unknown): Promise<ImpactFile> {
    const row = await this.findPublic(token);
    if (!row) throw DomainException.notFound(REPORT_NOT_FOUND);
    return this.files.open(row, 'image');
  }

  async publicPdf(token: unknown): Promise<ImpactFile & { fileName: string }> {
    const row = await this.findPublic(token);
    if (!row) throw DomainException.notFound(REPORT_NOT_FOUND);
    return { fileName: reportFileName(row.title), ...(await this.files.open(row, 'pdf')) };
  }

  async adminPdf(id: number): Promise<ImpactFile & { fileName: string }> {
    const row = await this.repo.find(id);
    if (!row) throw DomainException.notFound('التقرير غير موجود');
    return { fileName: reportFileName(row.title), ...(await this.files.open(row, 'pdf')) };
  }

  /** The figures of the Riyadh days startDate..endDate (inclusive), as stored in reportData. */
  private async snapshot(startDate: string, endDate: string): Promise<ImpactReportData> {
    const range = { from: riyadhInstant(startDate), to: riyadhInstant(addDaysToDateString(endDate, 1)) };
    const rule = await this.food.rule();
    const [totals, monthlyTrends, labels] = await Promise.all([
      this.statistics.computeRange(range),
      this.figures.monthly(range, rule),
      this.figures.eventTypeLabels(),
    ]);
    const eventTypeBreakdown = Object.fromEntries(totals.eventTypes.map((t) => [t.value, t.count]));
    return {
      completedRequests: totals.statusCounts.completed,
      familiesBenefited: totals.food.familiesBenefited,
      totalFoodSaved: totals.food.totalKg,
      successRate: totals.successRate,
      totalRequests: totals.totalRequests,
      eventTypeBreakdown,
      monthlyTrends,
      estimatedFoodKg: totals.food.estimatedKg,
      weighedFoodKg: totals.food.weighedKg,
      meals: totals.food.meals,
      co2eKg: totals.food.co2eKg,
      eventTypeLabels: Object.fromEntries(totals.eventTypes.map((t) => [t.value, labels.get(t.value) ?? t.label])),
      constants: { kgPerMeal: KG_PER_MEAL, mealsPerFamily: MEALS_PER_FAMILY, co2ePerKg: CO2E_KG_PER_FOOD_KG },
      generatedAt: this.clock.now().toISOString(),
    };
  }
}
