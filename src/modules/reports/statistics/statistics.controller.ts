import { PassThrough } from 'node:stream';
import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { Public } from '../../../common/auth/public.decorator';
import { Clock } from '../../../common/clock/clock';
import { ReqMeta, type RequestMeta } from '../../../common/http/request-meta';
import { sendFile } from '../../../common/http/send-file';
import { StatisticsExportService } from './statistics-export.service';
import { periodKeyOrThrow, StatisticsService } from './statistics.service';
import { ApiBadInput, ApiErrors, ApiFile, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { StatisticsErrors } from './statistics-errors';

/** Spec §7 Statistics (admin session on every route but the ticketed download). */
@ApiSection('reports')
@Controller('statistics')
export class StatisticsController {
  constructor(
    private readonly statistics: StatisticsService,
    private readonly exports: StatisticsExportService,
    private readonly clock: Clock,
  ) {}

  /** ?period=daily[&date=YYYY-MM-DD] | monthly[&year&month] | all_time. */
  @Get()
  @ApiOk('إحصاءات الفترة (daily مع date، monthly مع year وmonth، all_time)')
  @ApiBadInput()
  get(@Query() query: Record<string, unknown>) {
    return this.statistics.get(periodKeyOrThrow(query, this.clock.now()));
  }

  @Post('generate')
  @HttpCode(200)
  @ApiOk('أُعيد حساب إحصاءات الفترة وحُفظت')
  @ApiBadInput()
  generate(@Body() body: Record<string, unknown>) {
    return this.statistics.generate(periodKeyOrThrow(body && typeof body === 'object' ? body : {}, this.clock.now()));
  }

  @Post('export-ticket')
  @HttpCode(200)
  @ApiOk('تذكرة تصدير صالحة 60 ثانية لمرة واحدة { ticket }')
  @ApiErrors(errorsOf(StatisticsErrors, 'EXPORT_UNAVAILABLE'))
  async ticket(@CurrentAdmin() admin: AdminPrincipal) {
    return { ticket: await this.exports.ticket(admin) };
  }

  /** The ticket is the permission (one use, 60 s); the period comes as in GET. */
  @Public()
  @Get('export')
  @ApiFile('ملف Excel للإحصاءات (التذكرة في auth هي الإذن)', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiBadInput()
  @ApiErrors(errorsOf(StatisticsErrors, 'EXPORT_TICKET_INVALID', 'EXPORT_UNAVAILABLE'))
  async export(@Query() query: Record<string, unknown>, @ReqMeta() meta: RequestMeta, @Res() reply: FastifyReply) {
    const key = periodKeyOrThrow(query, this.clock.now());
    const prepared = await this.exports.prepare(query.auth, key, meta);
    const body = new PassThrough();
    void prepared.write(body);
    return sendFile(reply, {
      body,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: prepared.fileName,
      disposition: query.download === '0' ? 'inline' : 'attachment',
      cacheControl: 'no-store',
    });
  }
}
