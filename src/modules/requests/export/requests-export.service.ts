import { Writable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { Clock } from '../../../common/clock/clock';
import type { ListQuery } from '../../../common/http/list-query';
import type { RequestMeta } from '../../../common/http/request-meta';
import { APP_LOGGER } from '../../../common/logging/logger';
import { riyadhDateString } from '../../../shared/time';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { ExportTickets } from '../../reports/statistics/export-tickets';
import { deskWhereOf } from '../admin/desk-filter';
import type { RequestFilterField, RequestSortField } from '../admin/requests-admin.repository';
import { RequestsExportRepository } from './requests-export.repository';
import { writeRequestsWorkbook } from './requests-workbook';

/** Tickets of this export open only this export (not the statistics'). */
const TICKET_SCOPE = 'requests';

/** GET /api/requests/export: the desk's filtered list as an Excel sheet, behind a one-time ticket. */
@Injectable()
export class RequestsExportService {
  constructor(
    private readonly tickets: ExportTickets,
    private readonly repo: RequestsExportRepository,
    private readonly activity: ActivityLogService,
    private readonly clock: Clock,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  ticket(admin: AdminPrincipal): Promise<string> {
    return this.tickets.issue(admin.userId, TICKET_SCOPE);
  }

  /**
   * Checks the filter (a bad one is a 400 and leaves the ticket unused), redeems the ticket and logs the
   * export before any byte is sent; `write` then streams the sheet.
   */
  async prepare(auth: unknown, query: Pick<ListQuery<RequestSortField, RequestFilterField>, 'sort' | 'filter'>, meta: RequestMeta) {
    const where = deskWhereOf(query.filter);
    const userId = await this.tickets.redeem(auth, TICKET_SCOPE);
    await this.activity.recordNow({
      action: 'requests_exported',
      entityType: 'request',
      userId,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
      metadata: { filter: query.filter, sort: query.sort },
    });
    const now = this.clock.now();
    return {
      fileName: `طلبات-${riyadhDateString(now)}.xlsx`,
      write: async (out: Writable): Promise<void> => {
        try {
          const rows = await writeRequestsWorkbook(out, this.repo.rows(where, query.sort), now);
          this.logger.info({ rows }, 'requests exported');
        } catch (error) {
          // Headers are gone: the only honest signal left is a cut connection (the file is incomplete).
          this.logger.error({ err: error }, 'requests export failed mid-stream');
          out.destroy(error as Error);
        }
      },
    };
  }
}
