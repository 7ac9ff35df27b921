import { PassThrough } from 'node:stream';
import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { Public } from '../../../common/auth/public.decorator';
import { Clock } from '../../../common/clock/clock';
import { ReqMeta, type RequestMeta } from '../../../common/http/request-meta';
import { contentDisposition } from '../../files/storage';
import { StatisticsExportService } from './statistics-export.service';
import { periodKeyOrThrow, StatisticsService } from './statistics.service';

/** Spec §7 Statistics (admin session on every route but the ticketed download). */
@Controller('statistics')
export class StatisticsController {
  constructor(
    private readonly statistics: StatisticsService,
    private readonly exports: StatisticsExportService,
    private readonly clock: Clock,
  ) {}

  /** ?period=daily[&date=YYYY-MM-DD] | monthly[&year&month] | all_time. */
  @Get()
  get(@Query() query: Record<string, unknown>) {
    return this.statistics.get(periodKeyOrThrow(query, this.clock.now()));
  }

  @Post('generate')
  @HttpCode(200)
  generate(@Body() body: Record<string, unknown>) {
    return this.statistics.generate(periodKeyOrThrow(body && typeof body === 'object' ? body : {}, this.clock.now()));
  }

  @Post('export-ticket')
  @HttpCode(200)
  async ticket(@CurrentAdmin() admin: AdminPrincipal) {
    return { ticket: await this.exports.ticket(admin) };
  }

  /** The ticket is the permission (one use, 60 s); the period comes as in GET. */
  @Public()
  @Get('export')
  async export(@Query() query: Record<string, unknown>, @ReqMeta() meta: RequestMeta, @Res() reply: FastifyReply) {
    const key = periodKeyOrThrow(query, this.clock.now());
    const prepared = await this.exports.prepare(query.auth, key, meta);
    const body = new PassThrough();
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(query.download === '0' ? 'inline' : 'attachment', prepared.fileName))
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff');
    void prepared.write(body);
    return reply.send(body);
  }
}
