import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { parseListQuery, sendPage } from '../../../common/http/list-query';
import type { ListSpec, RawListParams } from '../../../common/http/list-query';
import type { ActivityLogRow } from '../../../shared/api/reports';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { ActivityFilterField, ActivitySortField } from '../../../database/activity-log/activity-logs.repository';
import { ApiList, ApiSection } from '../../../common/openapi/api-answers';

const LIST: ListSpec<ActivitySortField, ActivityFilterField> = {
  resource: 'activity-logs',
  sortable: ['createdAt', 'id'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filterable: ['action', 'entityType', 'entityId', 'userId'],
  defaultPageSize: 50,
  maxPageSize: 100,
};

/** GET /api/activity-logs (admin): who did what, when, from where; newest first. */
@ApiSection('reports')
@Controller('activity-logs')
export class ActivityLogsController {
  constructor(private readonly logs: ActivityLogService) {}

  @Get()
  @ApiList('سجل النشاط: من فعل ماذا ومتى ومن أين، الأحدث أولاً')
  async list(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<ActivityLogRow[]> {
    const query = parseListQuery(LIST, params);
    if (
      query.filter.userId !== undefined &&
      !(Number.isSafeInteger(Number(query.filter.userId)) && Number(query.filter.userId) > 0 && Number(query.filter.userId) < 2 ** 31)
    )
      query.filter.userId = -1;
    return sendPage(reply, LIST, query, await this.logs.list(query));
  }
}
