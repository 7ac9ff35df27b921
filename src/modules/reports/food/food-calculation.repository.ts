import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { FOOD_FORMULA_MULTIPLIER_DEFAULT } from '../../../shared/constants';
import type { FoodCalculationMethod } from '../../../shared/labels';
import { FoodCalculationSettingsEntity } from '../entities/food-calculation-settings.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

/** The active food-calculation settings as the figures use them. */
export interface FoodRule {
  method: FoodCalculationMethod;
  /** Manual method: kg per completed request. */
  manualAmount: number;
  /** Formula method: kg per attendee. */
  multiplier: number;
}

export const DEFAULT_FOOD_RULE: FoodRule = { method: 'formula', manualAmount: 0, multiplier: FOOD_FORMULA_MULTIPLIER_DEFAULT };

/**
 * The SQL of one request's kilograms: the weighed figure when recorded, else the estimate of the rule.
 * `$m`, `$a`, `$f` are the positions of method, manual amount and multiplier in the caller's parameters.
 */
export function requestKgSql(alias: string, m: number, a: number, f: number): string {
  return `coalesce(${alias}.weighed_kg, CASE WHEN $${m}::text = 'manual' THEN $${a}::numeric ELSE ${alias}.attendee_count * $${f}::numeric END)`;
}

export function foodRuleParams(rule: FoodRule): [string, number, number] {
  return [rule.method, rule.manualAmount, rule.multiplier];
}

/** food_calculation_settings: one active row (the latest wins if several). */
@Injectable()
export class FoodCalculationRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  active(): Promise<FoodCalculationSettingsEntity | null> {
    return this.db
      .getRepository(FoodCalculationSettingsEntity)
      .findOne({ where: { isActive: true }, order: { updatedAt: 'DESC', id: 'DESC' } });
  }

  async rule(): Promise<FoodRule> {
    const row = await this.active();
    if (!row) return DEFAULT_FOOD_RULE;
    return {
      method: row.calculationMethod,
      manualAmount: row.manualAmount ?? 0,
      multiplier: row.formulaMultiplier ?? FOOD_FORMULA_MULTIPLIER_DEFAULT,
    };
  }

  /** Updates the active row in place (or creates it), so the table keeps one active row. */
  async save(
    scope: DbScope,
    values: Pick<FoodCalculationSettingsEntity, 'calculationMethod' | 'manualAmount' | 'formulaMultiplier' | 'description' | 'updatedBy'>,
  ): Promise<FoodCalculationSettingsEntity> {
    const manager = managerOf(scope);
    const repo = manager.getRepository(FoodCalculationSettingsEntity);
    // Serialise concurrent saves so two administrators never create two active rows.
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['food_calculation_settings']);
    const current = await repo.findOne({ where: { isActive: true }, order: { updatedAt: 'DESC', id: 'DESC' } });
    if (current) {
      await repo.update({ id: current.id }, values);
      return await repo.findOneByOrFail({ id: current.id });
    }
    return repo.save(repo.create({ ...values, isActive: true }));
  }
}
