import { PassThrough } from 'node:stream';
import { Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { Public } from '../../../common/auth/public.decorator';
import { parseListQuery } from '../../../common/http/list-query';
import { ReqMeta, type RequestMeta } from '../../../common/http/request-meta';
import { sendFile } from '../../../common/http/send-file';
import { REQUESTS_LIST } from '../admin/requests-admin.dto';
import { RequestsExportService } from './requests-export.service';
import { ApiBadInput, ApiErrors, ApiFile, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { StatisticsErrors } from '../../reports/statistics/statistics-errors';

/** The desk's Excel export (decisions.md: the statistics export's ticket scheme). */
@ApiSection('requests')
@Controller('requests')
export class RequestsExportController {
  constructor(private readonly exports: RequestsExportService) {}

  @Post('export-ticket')
  @HttpCode(200)
  @ApiOk('تذكرة تصدير صالحة 60 ثانية لمرة واحدة { ticket }')
  @ApiErrors(errorsOf(StatisticsErrors, 'EXPORT_UNAVAILABLE'))
  async ticket(@CurrentAdmin() admin: AdminPrincipal) {
    return { ticket: await this.exports.ticket(admin) };
  }

  /** The ticket is the permission (one use, 60 s); `filter` and `sort` are the desk's, as in GET /api/requests. */
  @Public()
  @Get('export')
  @ApiFile(
    'ملف Excel بطلبات المكتب المصفاة (التذكرة في auth هي الإذن)',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  )
  @ApiBadInput()
  @ApiErrors(errorsOf(StatisticsErrors, 'EXPORT_TICKET_INVALID', 'EXPORT_UNAVAILABLE'))
  async export(@Query() query: Record<string, unknown>, @ReqMeta() meta: RequestMeta, @Res() reply: FastifyReply) {
    const list = parseListQuery(REQUESTS_LIST, { filter: query.filter, sort: query.sort });
    const prepared = await this.exports.prepare(query.auth, list, meta);
    const body = new PassThrough();
    void prepared.write(body);
    return sendFile(reply, {
      body,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: prepared.fileName,
      cacheControl: 'no-store',
    });
  }
}
