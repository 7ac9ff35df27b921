import { Injectable } from '@nestjs/common';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { DomainException } from '../../../common/errors/domain.exception';
import type { RequestMeta } from '../../../common/http/request-meta';
import type { FoodCalculationSettings } from '../../../shared/api/reports';
import { FOOD_FORMULA_MULTIPLIER_DEFAULT } from '../../../shared/constants';
import { checkFoodSettings, FOOD_DEFAULT_DESCRIPTION } from '../../../shared/food-calculation';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { HomepageStatisticsService } from '../homepage/homepage-statistics.service';
import { StatisticsService } from '../statistics/statistics.service';
import { FoodCalculationRepository } from './food-calculation.repository';
import { UnitOfWork } from '../../../database/unit-of-work';

/** Spec §7 Food calculation: how completed requests become kilograms of food saved. */
@Injectable()
export class FoodCalculationService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: FoodCalculationRepository,
    private readonly activity: ActivityLogService,
    private readonly homepage: HomepageStatisticsService,
    private readonly statistics: StatisticsService,
  ) {}

  async get(): Promise<FoodCalculationSettings> {
    const row = await this.repo.active();
    return {
      calculationMethod: row?.calculationMethod ?? 'formula',
      manualAmount: row?.manualAmount ?? null,
      formulaMultiplier: row?.formulaMultiplier ?? FOOD_FORMULA_MULTIPLIER_DEFAULT,
      description: row?.description ?? FOOD_DEFAULT_DESCRIPTION,
      updatedAt: row?.updatedAt?.toISOString() ?? null,
      updatedBy: row?.updatedBy ?? null,
    };
  }

  /** PUT: saves, drops the stored statistics and the homepage cache (every figure the change moves). */
  async save(input: Record<string, unknown>, admin: AdminPrincipal | undefined, meta: RequestMeta) {
    const current = await this.get();
    const checked = checkFoodSettings(input ?? {}, current);
    if ('errors' in checked) throw DomainException.validation(checked.errors as Record<string, string>, Object.values(checked.errors)[0]);
    const value = checked.value;
    await this.uow.run(async (tx) => {
      await this.repo.save(tx, { ...value, updatedBy: admin?.username ?? null });
      await this.statistics.clearStored(tx);
      tx.afterCommit(() => this.homepage.invalidate());
      await this.activity.record(tx, {
        action: 'food_calculation_updated',
        entityType: 'food_calculation_settings',
        userId: admin?.userId,
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        metadata: {
          before: { method: current.calculationMethod, manualAmount: current.manualAmount, multiplier: current.formulaMultiplier },
          after: value,
        },
      });
    });
    return { success: true as const, message: 'تم حفظ إعدادات حساب الطعام', settings: await this.get() };
  }
}
