import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { APP_LOGGER } from '../../../common/logging/logger';
import { REDIS } from '../../../common/redis/redis.module';
import { FOOD_FORMULA_MULTIPLIER_DEFAULT, KG_PER_MEAL, MEALS_PER_FAMILY } from '../../../shared/constants';

/** GET /api/homepage-statistics. */
export interface HomepageStatistics {
  totalRequests: number;
  uniquePhones: number;
  completedRequests: number;
  estimatedFoodKg: number;
  familiesBenefited: number;
}

const CACHE_KEY = 'cache:homepage-statistics';
const CACHE_TTL_SECONDS = 300;

/** Families benefited from kilograms of food: meals = kg / 0.42, families = meals / 5, rounded down. */
export function familiesFromFoodKg(kg: number): number {
  return Math.max(0, Math.floor(kg / KG_PER_MEAL / MEALS_PER_FAMILY + 1e-9));
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

/**
 * The homepage figures: the administrator's active manual row wins; otherwise computed from requests
 * (decisions.md "Statistics and impact"). Cached in Redis and dropped whenever requests change; when
 * Redis is down the figures are computed directly.
 */
@Injectable()
export class HomepageStatisticsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  async get(): Promise<HomepageStatistics> {
    try {
      const cached = await this.redis.get(CACHE_KEY);
      if (cached) return JSON.parse(cached) as HomepageStatistics;
    } catch (error) {
      this.logger.debug({ err: error }, 'homepage statistics cache unavailable');
    }
    const figures = await this.compute();
    try {
      await this.redis.set(CACHE_KEY, JSON.stringify(figures), 'EX', CACHE_TTL_SECONDS);
    } catch {
      // Redis down: the figures are still answered, just not cached.
    }
    return figures;
  }

  /** Drops the cached figures (after a request or a manual figure changes). Never throws. */
  async invalidate(): Promise<void> {
    try {
      await this.redis.del(CACHE_KEY);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not drop the cached homepage statistics');
    }
  }

  async compute(): Promise<HomepageStatistics> {
    const manual = (await this.db.query(
      `SELECT total_requests, unique_phones, food_saved_kg, families_benefited, successful_events
         FROM manual_homepage_statistics WHERE is_active ORDER BY updated_at DESC, id DESC LIMIT 1`,
    )) as { total_requests: number; unique_phones: number; food_saved_kg: string; families_benefited: number; successful_events: number }[];
    if (manual.length) {
      const m = manual[0];
      return {
        totalRequests: Number(m.total_requests),
        uniquePhones: Number(m.unique_phones),
        completedRequests: Number(m.successful_events),
        estimatedFoodKg: round2(Number(m.food_saved_kg)),
        familiesBenefited: Number(m.families_benefited),
      };
    }
    const settings = (await this.db.query(
      `SELECT calculation_method, manual_amount, formula_multiplier
         FROM food_calculation_settings WHERE is_active ORDER BY updated_at DESC, id DESC LIMIT 1`,
    )) as { calculation_method: string; manual_amount: string | null; formula_multiplier: string | null }[];
    const method = settings[0]?.calculation_method ?? 'formula';
    const multiplier = settings[0]?.formula_multiplier != null ? Number(settings[0].formula_multiplier) : FOOD_FORMULA_MULTIPLIER_DEFAULT;
    const manualAmount = settings[0]?.manual_amount != null ? Number(settings[0].manual_amount) : 0;
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS total,
              count(DISTINCT organizer_phone)::int AS phones,
              count(*) FILTER (WHERE status = 'completed')::int AS completed,
              coalesce(sum(coalesce(weighed_kg, CASE WHEN $3::text = 'manual' THEN $2::numeric ELSE attendee_count * $1::numeric END)) FILTER (WHERE status = 'completed'), 0)::float8 AS kg
         FROM requests`,
      [multiplier, manualAmount, method],
    )) as { total: number; phones: number; completed: number; kg: number }[];
    const kg = round2(Number(row.kg));
    return {
      totalRequests: row.total,
      uniquePhones: row.phones,
      completedRequests: row.completed,
      estimatedFoodKg: kg,
      familiesBenefited: familiesFromFoodKg(kg),
    };
  }
}
