import { Body, Controller, Get, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import { CurrentAdmin } from '../../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { parseListQuery, sendPage } from '../../../common/http/list-query';
import type { ListSpec, RawListParams } from '../../../common/http/list-query';
import { ReqMeta } from '../../../common/http/request-meta';
import type { RequestMeta } from '../../../common/http/request-meta';
import type { DaySummary, PickupCapacity, PickupRow, PickupStrip } from '../../../shared/api/pickups';
import { PICKUP_CAPACITY_MAX, PICKUP_MESSAGES } from '../../../shared/pickups';
import { contentDisposition } from '../../files/storage';
import { PickupCapacityService } from './pickup-capacity.service';
import { PICKUP_FILTERABLE, PICKUP_SORTABLE, PickupFilterField, PickupSortField } from './pickups.repository';
import { PickupsService } from './pickups.service';
import { ApiBadInput, ApiFile, ApiList, ApiOk, ApiSection } from '../../../common/openapi/api-answers';

const LIST: ListSpec<PickupSortField, PickupFilterField> = {
  resource: 'pickups',
  sortable: PICKUP_SORTABLE,
  defaultSort: { field: 'collectionDeadline', order: 'ASC' },
  filterable: PICKUP_FILTERABLE,
  maxPageSize: 500,
  defaultPageSize: 500,
};

export class PickupCapacityDto {
  /** null: no daily limit. */
  @Max(PICKUP_CAPACITY_MAX, { message: PICKUP_MESSAGES.capacity })
  @Min(1, { message: PICKUP_MESSAGES.capacity })
  @IsInt({ message: PICKUP_MESSAGES.capacity })
  @ValidateIf((o: PickupCapacityDto) => o.maxPerDay !== null)
  maxPerDay: number | null;
}

/** «جدول الاستلام» (admin session on every route, by the default-deny guard). */
@ApiSection('pickups')
@Controller('admin/pickups')
export class PickupsController {
  constructor(private readonly pickups: PickupsService) {}

  /** `?date=YYYY-MM-DD` (today in Riyadh when absent) on the list convention; the pickups by deadline. */
  @Get()
  @ApiList('استلامات اليوم المحدد حسب الموعد النهائي')
  async list(@Query() params: RawListParams & { date?: unknown }, @Res({ passthrough: true }) reply: FastifyReply): Promise<PickupRow[]> {
    const query = parseListQuery(LIST, params);
    return sendPage(reply, LIST, query, await this.pickups.list(params.date, query));
  }

  /** `?from=YYYY-MM-DD&days=14`: each day's pickups against the daily capacity. */
  @Get('strip')
  @ApiOk('استلامات كل يوم مقابل السعة اليومية')
  @ApiBadInput()
  strip(@Query('from') from: unknown, @Query('days') days: unknown): Promise<PickupStrip> {
    return this.pickups.strip(from, days);
  }

  /** What the dashboard opens on: today's and tomorrow's pickups, the counters, the week's and month's figures. */
  @Get('day')
  @ApiOk('ما تفتح عليه اللوحة: استلامات اليوم والغد والعدادات وأرقام الأسبوع والشهر')
  day(): Promise<DaySummary> {
    return this.pickups.day();
  }

  /** The date's run sheet as an Arabic PDF. */
  @Get('run-sheet')
  @ApiFile('كشف استلامات اليوم (PDF عربي)', 'application/pdf')
  @ApiBadInput()
  async runSheet(@Query('date') date: unknown, @Res() reply: FastifyReply) {
    const file = await this.pickups.runSheet(date);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('attachment', file.fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.pdf);
  }
}

/** The daily pickup capacity setting (admin session). */
@ApiSection('pickups')
@Controller('admin/pickup-capacity')
export class PickupCapacityController {
  constructor(private readonly capacity: PickupCapacityService) {}

  @Get()
  @ApiOk('السعة اليومية { maxPerDay } (null: بلا حد)')
  get(): Promise<PickupCapacity> {
    return this.capacity.get();
  }

  @Put()
  @ApiOk('حُفظت السعة اليومية')
  @ApiBadInput()
  set(@Body() body: PickupCapacityDto, @CurrentAdmin() admin: AdminPrincipal | undefined, @ReqMeta() meta: RequestMeta) {
    return this.capacity.set(body.maxPerDay, admin, meta);
  }
}
