import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { DomainException } from '../../../common/errors/domain.exception';
import type { RequestMeta } from '../../../common/http/request-meta';
import { APP_LOGGER } from '../../../common/logging/logger';
import { REDIS } from '../../../common/redis/redis.module';
import type { AdminHomepageStatistics, HomepageStatistics, ManualHomepageStatistics } from '../../../shared/api/reports';
import { parseIntegerInput } from '../../../shared/digits';
import {
  HOMEPAGE_FIGURES,
  manualFigures,
  pickManualFigures,
  publicFigures,
  type ManualFigureField,
} from '../../../shared/homepage-figures';
import { foodEstimates, round2 } from '../../../shared/statistics';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { FoodCalculationRepository, type FoodRule } from '../food/food-calculation.repository';
import { HomepageStatisticsRepository } from './homepage-statistics.repository';
import { UnitOfWork } from '../../../database/unit-of-work';

const CACHE_KEY = 'cache:homepage-statistics:v3';
/** Bumped by every change that moves a figure; cached figures of an older version are stale. */
const VERSION_KEY = 'cache:homepage-statistics:version';
/** Held (across processes) by the one computation that refreshes stale figures. */
const LOCK_KEY = 'cache:homepage-statistics:lock';
const LOCK_MS = 60_000;
/** Figures are also refreshed after this long, whatever changed (a change made outside the app). */
const FRESH_MS = 300_000;
/** Kept this long, so visitors are answered from the last figures while new ones are computed. */
const KEEP_SECONDS = 24 * 60 * 60;

interface CachedFigures {
  figures: HomepageStatistics;
  version: number;
  computedAt: number;
}

const INT4_MAX = 2_147_483_647;

/** The refusal of each manual figure that is not a whole number of 0 or more (keyed by its manual field). */
const FIELD_MESSAGES: Record<ManualFigureField, string> = {
  totalRequests: 'إجمالي الطلبات يجب أن يكون رقماً صحيحاً من 0 فأكثر',
  uniquePhones: 'عدد أرقام الجوال يجب أن يكون رقماً صحيحاً من 0 فأكثر',
  foodSavedKg: 'كمية الطعام المحفوظ يجب أن تكون رقماً صحيحاً من 0 فأكثر',
  familiesBenefited: 'عدد الأسر المستفيدة يجب أن يكون رقماً صحيحاً من 0 فأكثر',
  successfulEvents: 'عدد المناسبات الناجحة يجب أن يكون رقماً صحيحاً من 0 فأكثر',
};

/** Families benefited from kilograms of food: meals = kg / 0.42, families = meals / 5, rounded down. */
export function familiesFromFoodKg(kg: number): number {
  return foodEstimates(kg).familiesBenefited;
}

/**
 * The homepage figures: the administrator's active manual row wins; otherwise computed from requests
 * (decisions.md "Statistics and impact"). Cached in Redis and marked stale whenever requests (new ones,
 * status changes, weights, deletions), the manual figures or the food calculation change; see get().
 */
@Injectable()
export class HomepageStatisticsService {
  private running: Promise<HomepageStatistics> | null = null;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: HomepageStatisticsRepository,
    private readonly food: FoodCalculationRepository,
    private readonly activity: ActivityLogService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The figures, computed at most once at a time. Fresh cached figures are answered as they are. When
   * they are stale (a change since, or older than 5 minutes) the caller that takes the lock (across
   * processes) computes and answers the new figures, while every other caller meanwhile gets the last
   * ones at once. With Redis down the figures are computed directly, one computation per process.
   */
  async get(): Promise<HomepageStatistics> {
    let cached: CachedFigures | null;
    let version: number;
    try {
      const [value, current] = await this.redis.mget(CACHE_KEY, VERSION_KEY);
      cached = value ? (JSON.parse(value) as CachedFigures) : null;
      version = Number(current ?? 0);
    } catch (error) {
      this.logger.debug({ err: error }, 'homepage statistics cache unavailable');
      return this.singleFlight(() => this.compute());
    }
    if (cached && cached.version === version && Date.now() - cached.computedAt <= FRESH_MS) return cached.figures;
    if (!cached) return this.singleFlight(() => this.refresh(version));
    const refreshed = await this.refreshUnderLock(version);
    return refreshed ?? cached.figures;
  }

  /** Marks the figures stale (after a change that moves one). Never throws. */
  async invalidate(): Promise<void> {
    try {
      await this.redis.incr(VERSION_KEY);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not mark the homepage statistics stale');
    }
  }

  /** Refreshes the figures if no one else is (null when another process or caller holds the lock). */
  private async refreshUnderLock(version: number): Promise<HomepageStatistics | null> {
    try {
      if ((await this.redis.set(LOCK_KEY, '1', 'PX', LOCK_MS, 'NX')) !== 'OK') return null;
    } catch {
      return null;
    }
    try {
      return await this.singleFlight(() => this.refresh(version));
    } finally {
      await this.redis.del(LOCK_KEY).catch(() => undefined);
    }
  }

  /** Computes and stores the figures as of `version` (a change meanwhile leaves them stale again). */
  private async refresh(version: number): Promise<HomepageStatistics> {
    const figures = await this.compute();
    const entry: CachedFigures = { figures, version, computedAt: Date.now() };
    try {
      await this.redis.set(CACHE_KEY, JSON.stringify(entry), 'EX', KEEP_SECONDS);
    } catch {
      // Redis down: the figures are still answered, just not cached.
    }
    return figures;
  }

  /** One computation per process at a time: concurrent callers share its result. */
  private singleFlight(work: () => Promise<HomepageStatistics>): Promise<HomepageStatistics> {
    this.running ??= work().finally(() => (this.running = null));
    return this.running;
  }

  async compute(): Promise<HomepageStatistics> {
    const manual = await this.repo.activeManual();
    if (manual) return { ...publicFigures(manual), basis: { source: 'manual' } };
    const rule = await this.food.rule();
    return {
      ...publicFigures(await this.computedFigures(rule)),
      basis: { source: 'computed', method: rule.method, multiplier: rule.multiplier, manualAmount: rule.manualAmount },
    };
  }

  /** GET /api/admin/homepage-statistics. */
  async adminView(): Promise<AdminHomepageStatistics> {
    const [manual, computed, current] = await Promise.all([this.repo.activeManual(), this.computedFigures(), this.compute()]);
    return {
      manual: manual ? { ...pickManualFigures(manual), updatedAt: manual.updatedAt.toISOString(), updatedBy: manual.updatedBy } : null,
      computed,
      statistics: manualFigures(current),
    };
  }

  /** POST /api/admin/homepage-statistics: five whole numbers (Arabic-Indic digits accepted, empty = 0). */
  async saveManual(input: Record<string, unknown>, admin: AdminPrincipal | undefined, meta: RequestMeta) {
    const values = {} as ManualHomepageStatistics;
    const errors: Record<string, string> = {};
    for (const { manualField: field } of HOMEPAGE_FIGURES) {
      const raw = input?.[field];
      const value = raw === undefined || raw === null || raw === '' ? 0 : parseIntegerInput(raw as string | number);
      if (value === null || value > INT4_MAX) errors[field] = FIELD_MESSAGES[field];
      else values[field] = value;
    }
    if (Object.keys(errors).length) throw DomainException.validation(errors, Object.values(errors)[0]);
    await this.uow.run(async (tx) => {
      await this.repo.saveManual(tx, values, admin?.username ?? null);
      tx.afterCommit(() => this.invalidate());
      await this.activity.record(tx, {
        action: 'homepage_statistics_updated',
        entityType: 'homepage_statistics',
        userId: admin?.userId,
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        metadata: { ...values },
      });
    });
    return { success: true as const, message: 'تم حفظ أرقام الصفحة الرئيسية', statistics: await this.adminView() };
  }

  /** DELETE /api/admin/homepage-statistics: the homepage goes back to figures computed from the data. */
  async reset(admin: AdminPrincipal | undefined, meta: RequestMeta) {
    await this.uow.run(async (tx) => {
      const changed = await this.repo.deactivateManual(tx, admin?.username ?? null);
      tx.afterCommit(() => this.invalidate());
      if (changed)
        await this.activity.record(tx, {
          action: 'homepage_statistics_reset',
          entityType: 'homepage_statistics',
          userId: admin?.userId,
          ipAddress: meta.ip,
          userAgent: meta.userAgent,
        });
    });
    return { success: true as const, message: 'تعرض الصفحة الرئيسية الآن الأرقام المحسوبة من الطلبات', statistics: await this.adminView() };
  }

  private async computedFigures(rule?: FoodRule): Promise<ManualHomepageStatistics> {
    const row = await this.repo.computed(rule ?? (await this.food.rule()));
    const kg = round2(row.kg);
    return {
      totalRequests: row.total,
      uniquePhones: row.phones,
      foodSavedKg: kg,
      familiesBenefited: familiesFromFoodKg(kg),
      successfulEvents: row.completed,
    };
  }
}
