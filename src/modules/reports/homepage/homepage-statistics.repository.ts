import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ManualHomepageStatistics } from '../../../shared/api/reports';
import { ManualHomepageStatisticsEntity } from '../entities/manual-homepage-statistics.entity';
import { FoodRule, foodRuleParams, requestKgSql } from '../food/food-calculation.repository';
import { managerOf, type DbScope } from '../../../database/db-scope';

export interface ComputedFigures {
  total: number;
  phones: number;
  completed: number;
  kg: number;
}

/** manual_homepage_statistics and the homepage's figures computed from requests. */
@Injectable()
export class HomepageStatisticsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  activeManual(scope?: DbScope): Promise<ManualHomepageStatisticsEntity | null> {
    const manager = scope ? managerOf(scope) : this.db.manager;
    return manager
      .getRepository(ManualHomepageStatisticsEntity)
      .findOne({ where: { isActive: true }, order: { updatedAt: 'DESC', id: 'DESC' } });
  }

  async computed(rule: FoodRule): Promise<ComputedFigures> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS total, count(DISTINCT organizer_phone)::int AS phones,
              count(*) FILTER (WHERE status = 'completed')::int AS completed,
              coalesce(sum(${requestKgSql('r', 1, 2, 3)}) FILTER (WHERE status = 'completed'), 0)::float8 AS kg
         FROM requests r`,
      foodRuleParams(rule),
    )) as ComputedFigures[];
    return { ...row, kg: Number(row.kg) };
  }

  /** Makes `values` the one active manual row (updated in place, so the table does not grow per save). */
  async saveManual(scope: DbScope, values: ManualHomepageStatistics, updatedBy: string | null): Promise<ManualHomepageStatisticsEntity> {
    const manager = managerOf(scope);
    const repo = manager.getRepository(ManualHomepageStatisticsEntity);
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['manual_homepage_statistics']);
    const current = await repo.findOne({ where: {}, order: { isActive: 'DESC', updatedAt: 'DESC', id: 'DESC' } });
    if (current) {
      await repo.update({ id: current.id }, { ...values, isActive: true, updatedBy });
      await manager.query('UPDATE manual_homepage_statistics SET is_active = false WHERE id <> $1 AND is_active', [current.id]);
      return repo.findOneByOrFail({ id: current.id });
    }
    return repo.save(repo.create({ ...values, isActive: true, updatedBy }));
  }

  /** Back to computed figures: no active manual row. Returns how many rows were switched off. */
  async deactivateManual(scope: DbScope, updatedBy: string | null): Promise<number> {
    const manager = managerOf(scope);
    const result = await manager.getRepository(ManualHomepageStatisticsEntity).update({ isActive: true }, { isActive: false, updatedBy });
    return result.affected ?? 0;
  }
}
