import { Body, Controller, Get, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAdmin } from '../../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { parseListQuery, sendPage } from '../../../common/http/list-query';
import type { RawListParams } from '../../../common/http/list-query';
import { ReqMeta } from '../../../common/http/request-meta';
import type { RequestMeta } from '../../../common/http/request-meta';
import { sendFile } from '../../../common/http/send-file';
import type { DaySummary, PickupCapacity, PickupRow, PickupStrip } from '../../../shared/api/pickups';
import { PickupCapacityService } from './pickup-capacity.service';
import { PICKUPS_LIST, PickupCapacityDto } from './pickups.dto';
import { PickupsService } from './pickups.service';
import { ApiBadInput, ApiFile, ApiList, ApiOk, ApiSection } from '../../../common/openapi/api-answers';

/** «جدول الاستلام» (admin session on every route, by the default-deny guard). */
@ApiSection('pickups')
@Controller('admin/pickups')
export class PickupsController {
  constructor(private readonly pickups: PickupsService) {}

  /** `?date=YYYY-MM-DD` (today in Riyadh when absent) on the list convention; the pickups by deadline. */
  @Get()
  @ApiList('استلامات اليوم المحدد حسب الموعد النهائي')
  async list(@Query() params: RawListParams & { date?: unknown }, @Res({ passthrough: true }) reply: FastifyReply): Promise<PickupRow[]> {
    const query = parseListQuery(PICKUPS_LIST, params);
    return sendPage(reply, PICKUPS_LIST, query, await this.pickups.list(params.date, query));
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
    return sendFile(reply, { body: file.pdf, contentType: 'application/pdf', fileName: file.fileName });
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
