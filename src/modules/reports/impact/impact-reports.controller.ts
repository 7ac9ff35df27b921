import { Body, Controller, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { Public } from '../../../common/auth/public.decorator';
import { idsFilter, parseListQuery, sendPage } from '../../../common/http/list-query';
import type { RawListParams } from '../../../common/http/list-query';
import { ReqMeta, type RequestMeta } from '../../../common/http/request-meta';
import { sendFile } from '../../../common/http/send-file';
import { RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import type { ImpactReport, PublicImpactReport } from '../../../shared/api/reports';
import { idParam } from '../../../common/http/id-param.pipe';
import type { ImpactFile } from './impact-files';
import { IMPACT_REPORTS_LIST, VisibilityDto } from './impact-reports.dto';
import { ImpactReportsService } from './impact-reports.service';
import {
  ApiBadInput,
  ApiCreated,
  ApiErrors,
  ApiFile,
  ApiList,
  ApiNotFound,
  ApiOk,
  ApiSection,
  errorsOf,
} from '../../../common/openapi/api-answers';
import { ImpactErrors } from './impact-errors';

const ID = 'رقم التقرير غير صحيح';

/** A stored PDF, streamed from the file storage. */
function sendPdf(reply: FastifyReply, file: ImpactFile & { fileName: string }, disposition: 'attachment' | 'inline') {
  return sendFile(reply, { body: file.stream, size: file.size, contentType: 'application/pdf', fileName: file.fileName, disposition });
}

/** Spec §7 Impact reports (admin session). */
@ApiSection('impact reports')
@Controller('admin/impact-reports')
export class ImpactReportsAdminController {
  constructor(private readonly reports: ImpactReportsService) {}

  @Get()
  @ApiList('تقارير الأثر، الأحدث أولاً')
  async list(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<ImpactReport[]> {
    const query = parseListQuery(IMPACT_REPORTS_LIST, params);
    const ids = idsFilter(query.filter.id, ID);
    return sendPage(reply, IMPACT_REPORTS_LIST, query, await this.reports.list(query.skip, query.take, query.sort.order, ids));
  }

  @Get(':id')
  @ApiOk('تقرير الأثر بلقطته المحفوظة')
  @ApiNotFound()
  one(@Param('id', idParam(ID)) id: number): Promise<ImpactReport> {
    return this.reports.one(id);
  }

  @Post()
  @ApiCreated('أُنشئ التقرير بلقطة أرقامه ورمز مشاركته')
  @ApiBadInput()
  create(@Body() body: Record<string, unknown>, @ReqMeta() meta: RequestMeta, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.reports.create(body && typeof body === 'object' ? body : {}, admin, meta);
  }

  /** decisions.md: the list's public/private badge is also a switch. */
  @Patch(':id')
  @ApiOk('تغيّرت إتاحة التقرير للعموم')
  @ApiNotFound()
  visibility(
    @Param('id', idParam(ID)) id: number,
    @Body() body: VisibilityDto,
    @ReqMeta() meta: RequestMeta,
    @CurrentAdmin() admin?: AdminPrincipal,
  ) {
    return this.reports.setPublic(id, body.isPublic, admin, meta);
  }

  @Get(':id/download')
  @ApiFile('ملف التقرير (PDF)', 'application/pdf')
  @ApiNotFound()
  @ApiErrors(errorsOf(ImpactErrors, 'REPORT_FILE_UNAVAILABLE'))
  async download(@Param('id', idParam(ID)) id: number, @Res() reply: FastifyReply) {
    return sendPdf(reply, await this.reports.adminPdf(id), 'attachment');
  }
}

/** Public-side §7: a shared report by its unguessable token (public reports only). */
@ApiSection('impact reports')
@Controller('impact')
export class ImpactReportsPublicController {
  constructor(private readonly reports: ImpactReportsService) {}

  @Public()
  @Get(':shareToken')
  @ApiOk('التقرير العام برمز مشاركته (بلا رقم ولا منشئ)')
  @ApiNotFound()
  open(@Param('shareToken') token: string, @ReqMeta() meta: RequestMeta): Promise<PublicImpactReport> {
    return this.reports.open(token, meta.ip);
  }

  /** The link-preview image (Open Graph) of a public report. */
  @Public()
  @RateLimit('impactDownloads')
  @Get(':shareToken/og.png')
  @ApiFile('صورة معاينة الرابط 1200×630', 'image/png')
  @ApiNotFound()
  @ApiErrors(errorsOf(ImpactErrors, 'REPORT_FILE_UNAVAILABLE'))
  async image(@Param('shareToken') token: string, @Res() reply: FastifyReply) {
    const png = await this.reports.ogImage(token);
    // Shown in place by link previews, so no file name; the same for everyone, so caches may keep it.
    return sendFile(reply, { body: png.stream, size: png.size, contentType: 'image/png', cacheControl: 'public, max-age=3600' });
  }

  @Public()
  @RateLimit('impactDownloads')
  @Get(':shareToken/download')
  @ApiFile('ملف التقرير العام (PDF)', 'application/pdf')
  @ApiNotFound()
  @ApiErrors(errorsOf(ImpactErrors, 'REPORT_FILE_UNAVAILABLE'))
  async download(@Param('shareToken') token: string, @Query('inline') inline: unknown, @Res() reply: FastifyReply) {
    return sendPdf(reply, await this.reports.publicPdf(token), inline === '1' ? 'inline' : 'attachment');
  }
}
