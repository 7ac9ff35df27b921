import { Writable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import type { RequestMeta } from '../../../common/http/request-meta';
import { APP_LOGGER } from '../../../common/logging/logger';
import { PeriodKey, periodInstants } from '../../../shared/statistics';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { FoodCalculationRepository } from '../food/food-calculation.repository';
import { ExportTickets } from './export-tickets';
import { writeStatisticsWorkbook } from './statistics-export';
import { StatisticsRepository } from './statistics.repository';
import { StatisticsService } from './statistics.service';
import { UnitOfWork } from '../../../database/unit-of-work';

function fileNameOf(key: PeriodKey): string {
  if (key.period === 'daily') return `إحصائيات-يومية-${key.date}.xlsx`;
  if (key.period === 'monthly') return `إحصائيات-شهرية-${key.year}-${String(key.month).padStart(2, '0')}.xlsx`;
  return 'إحصائيات-كل-الفترات.xlsx';
}

/** GET /api/statistics/export: the ticket checked, then the workbook streamed while it is written. */
@Injectable()
export class StatisticsExportService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tickets: ExportTickets,
    private readonly statistics: StatisticsService,
    private readonly repo: StatisticsRepository,
    private readonly food: FoodCalculationRepository,
    private readonly activity: ActivityLogService,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  ticket(admin: AdminPrincipal): Promise<string> {
    return this.tickets.issue(admin.userId);
  }

  /**
   * Redeems the ticket and computes the figures before any byte is sent, so a bad ticket or a database
   * error is a proper error answer; `write` then streams the workbook.
   */
  async prepare(auth: unknown, key: PeriodKey, meta: RequestMeta) {
    const userId = await this.tickets.redeem(auth);
    const [report, rule] = await Promise.all([this.statistics.compute(key), this.food.rule()]);
    await this.uow.run((tx) =>
      this.activity.record(tx, {
        action: 'statistics_exported',
        entityType: 'statistics',
        entityId: report.date ?? 'all_time',
        userId,
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        metadata: { period: key.period, requests: report.totalRequests },
      }),
    );
    return {
      fileName: fileNameOf(key),
      write: async (out: Writable): Promise<void> => {
        try {
          const rows = await writeStatisticsWorkbook(out, report, this.repo.exportRows(periodInstants(key), rule));
          this.logger.info({ period: key.period, rows }, 'statistics exported');
        } catch (error) {
          // Headers are gone: the only honest signal left is a cut connection (the file is incomplete).
          this.logger.error({ err: error }, 'statistics export failed mid-stream');
          out.destroy(error as Error);
        }
      },
    };
  }
}
