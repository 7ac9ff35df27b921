import { Inject, Injectable } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import { APP_LOGGER } from '../../../common/logging/logger';
import { eventTypeLabel, REQUEST_STATUSES, RequestStatus } from '../../../shared/labels';
import { RIYADH_TIME_ZONE as RIYADH } from '../../../shared/time';
import {
  EVENT_TYPE_METRIC,
  EventTypeShare,
  emptyStatusCounts,
  FoodFigures,
  foodEstimates,
  foodFigures,
  PeriodKey,
  percentage,
  periodDate,
  periodInstants,
  periodRange,
  readPeriodKey,
  StatisticsReport,
  successRate,
} from '../../../shared/statistics';
import { addDaysToDateString, riyadhDateString } from '../../../shared/time';
import type { CompletedFigures } from '../../../shared/api/pickups';
import { FoodCalculationRepository } from '../food/food-calculation.repository';
import { StatisticsRepository } from './statistics.repository';
import { UnitOfWork } from '../../../database/unit-of-work';
import type { DbScope } from '../../../database/db-scope';

/** Reads a period from a body or query, or answers 400 naming the field. */
export function periodKeyOrThrow(input: Record<string, unknown>, now: Date): PeriodKey {
  const key = readPeriodKey(input ?? {}, now);
  if ('field' in key) throw DomainException.validation({ [key.field]: key.message }, key.message);
  return key;
}

/**
 * Statistics of spec §7 (decisions.md "Statistics and impact"): computed in SQL over a Riyadh day,
 * a Riyadh month or all time (requests by the day they were received), stored in `statistics`, and
 * answered from the stored rows. The worker generates last night's figures once across processes.
 */
@Injectable()
export class StatisticsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: StatisticsRepository,
    private readonly food: FoodCalculationRepository,
    private readonly clock: Clock,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  /** POST /api/statistics/generate. */
  async generate(key: PeriodKey, manager?: DbScope): Promise<StatisticsReport> {
    const at = this.clock.now();
    const report = await this.compute(key, at, manager);
    const store = (m: DbScope) => this.repo.replace(m, key.period, report.date, this.metricsOf(report), at);
    if (manager) await store(manager);
    else await this.uow.run((tx) => store(tx));
    return report;
  }

  /** GET /api/statistics: the stored figures of the period, generated first when there are none. */
  async get(key: PeriodKey): Promise<StatisticsReport> {
    const date = periodDate(key);
    const stored = await this.repo.read(key.period, date);
    const report = stored.length ? this.fromStored(key, stored) : null;
    return report ?? this.generate(key);
  }

  /** Computes a period's figures from the requests (not stored). */
  async compute(key: PeriodKey, at: Date = this.clock.now(), manager?: DbScope): Promise<StatisticsReport> {
    const report = await this.computeRange(periodInstants(key), at, manager);
    const range = periodRange(key);
    return { ...report, period: key.period, date: range?.start ?? null, endDate: range?.end ?? null };
  }

  /** The figures of any range of instants (impact reports use their own dates). */
  async computeRange(range: { from: Date; to: Date } | null, at: Date = this.clock.now(), manager?: DbScope): Promise<StatisticsReport> {
    const rule = await this.food.rule();
    const [groups, labels] = await Promise.all([this.repo.groups(range, rule, manager), this.repo.eventTypeLabels()]);
    const statusCounts = emptyStatusCounts();
    const byType = new Map<string, number>();
    let estimatedKg = 0;
    let weighedKg = 0;
    let weighedRequests = 0;
    for (const group of groups) {
      if ((REQUEST_STATUSES as readonly string[]).includes(group.status)) statusCounts[group.status as RequestStatus] += group.count;
      byType.set(group.eventType, (byType.get(group.eventType) ?? 0) + group.count);
      estimatedKg += group.estimatedKg;
      weighedKg += group.weighedKg;
      weighedRequests += group.weighedRequests;
    }
    const totalRequests = groups.reduce((sum, g) => sum + g.count, 0);
    const eventTypes: EventTypeShare[] = [...byType.entries()]
      .map(([value, count]) => ({
        value,
        label: labels.get(value) ?? eventTypeLabel(value),
        count,
        percentage: percentage(count, totalRequests),
      }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'ar'));
    return {
      period: 'all_time',
      date: null,
      endDate: null,
      generatedAt: at.toISOString(),
      statusCounts,
      totalRequests,
      successRate: successRate(statusCounts),
      food: foodFigures(estimatedKg, weighedKg, weighedRequests),
      eventTypes,
    };
  }

  /**
   * Completed pickups per range of event dates (the dashboard's week and month): how many, the food
   * saved (weighed where recorded, else the food-calculation estimate) and the families it feeds.
   */
  async completedByEventDate(ranges: { from: string; to: string }[]): Promise<CompletedFigures[]> {
    const rows = await this.repo.completedByEventDate(ranges, await this.food.rule());
    return rows.map((row, i) => {
      const kg = Math.round(row.kg * 100) / 100;
      return { ...ranges[i], completed: row.completed, kg, families: foodEstimates(kg).familiesBenefited };
    });
  }

  /** Drops the stored figures (the food calculation changed): the next read computes them again. */
  clearStored(manager?: DbScope): Promise<void> {
    return this.repo.clear(manager);
  }

  /**
   * Every night at 00:10 Riyadh time: yesterday, yesterday's month (and this month when the night
   * crossed into a new one) and all time. Runs where schedules run (the worker); once per night
   * however many workers there are.
   */
  @Cron('10 0 * * *', { name: 'statistics-nightly', timeZone: RIYADH })
  async nightly(): Promise<boolean> {
    try {
      return await this.runNightly();
    } catch (error) {
      this.logger.error({ err: error }, 'nightly statistics failed; the statistics page generates them when opened');
      return false;
    }
  }

  async runNightly(now: Date = this.clock.now()): Promise<boolean> {
    const today = riyadhDateString(now);
    const night = addDaysToDateString(today, -1);
    const keys: PeriodKey[] = [
      { period: 'daily', date: night },
      { period: 'monthly', year: Number(night.slice(0, 4)), month: Number(night.slice(5, 7)) },
      ...(today.slice(0, 7) !== night.slice(0, 7)
        ? [{ period: 'monthly', year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) } as PeriodKey]
        : []),
      { period: 'all_time' },
    ];
    const ran = await this.repo.onceForNight(
      night,
      async (manager) => {
        for (const key of keys) await this.generate(key, manager);
      },
      now,
    );
    this.logger.info({ night, ran }, ran ? 'nightly statistics generated' : 'nightly statistics already generated by another process');
    return ran;
  }

  private metricsOf(report: StatisticsReport): Record<string, unknown> {
    return {
      status_counts: report.statusCounts,
      total_requests: report.totalRequests,
      total_food_saved_kg: report.food,
      success_rate: report.successRate,
      [EVENT_TYPE_METRIC[report.period]]: report.eventTypes,
    };
  }

  private fromStored(key: PeriodKey, stored: { metric: string; value: unknown; createdAt: Date }[]): StatisticsReport | null {
    const by = new Map(stored.map((row) => [row.metric, row]));
    const needed = ['status_counts', 'total_requests', 'total_food_saved_kg', 'success_rate', EVENT_TYPE_METRIC[key.period]];
    if (!needed.every((metric) => by.has(metric))) return null;
    const range = periodRange(key);
    return {
      period: key.period,
      date: range?.start ?? null,
      endDate: range?.end ?? null,
      generatedAt: new Date(by.get('status_counts')!.createdAt).toISOString(),
      statusCounts: { ...emptyStatusCounts(), ...(by.get('status_counts')!.value as Record<RequestStatus, number>) },
      totalRequests: Number(by.get('total_requests')!.value),
      successRate: Number(by.get('success_rate')!.value),
      food: by.get('total_food_saved_kg')!.value as FoodFigures,
      eventTypes: by.get(EVENT_TYPE_METRIC[key.period])!.value as EventTypeShare[],
    };
  }
}
