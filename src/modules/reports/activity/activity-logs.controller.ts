import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { parseListQuery, sendPage } from '../../../common/http/list-query';
import type { RawListParams } from '../../../common/http/list-query';
import type { ActivityLogRow } from '../../../shared/api/reports';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { ACTIVITY_LOGS_LIST } from './activity-logs.dto';
import { ApiList, ApiSection } from '../../../common/openapi/api-answers';

/** GET /api/activity-logs (admin): who did what, when, from where; newest first. */
@ApiSection('reports')
@Controller('activity-logs')
export class ActivityLogsController {
  constructor(private readonly logs: ActivityLogService) {}

  @Get()
  @ApiList('سجل النشاط: من فعل ماذا ومتى ومن أين، الأحدث أولاً')
  async list(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<ActivityLogRow[]> {
    const query = parseListQuery(ACTIVITY_LOGS_LIST, params);
    if (
      query.filter.userId !== undefined &&
      !(Number.isSafeInteger(Number(query.filter.userId)) && Number(query.filter.userId) > 0 && Number(query.filter.userId) < 2 ** 31)
    )
      query.filter.userId = -1;
    return sendPage(reply, ACTIVITY_LOGS_LIST, query, await this.logs.list(query));
  }
}
