import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAdmin } from '../../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { DomainException } from '../../../common/errors/domain.exception';
import { idParam } from '../../../common/http/id-param.pipe';
import { parseListQuery, sendPage } from '../../../common/http/list-query';
import type { RawListParams } from '../../../common/http/list-query';
import { ReqMeta } from '../../../common/http/request-meta';
import type { RequestMeta } from '../../../common/http/request-meta';
import type { AdminRequestRow, BulkResult, RequestsSummary } from '../../../shared/api/requests';
import { BulkRequestsDto, DeleteRequestDto, PatchRequestDto, REQUESTS_LIST } from './requests-admin.dto';
import { RequestsAdminService } from './requests-admin.service';
import { ApiBadInput, ApiList, ApiNotFound, ApiOk, ApiSection } from '../../../common/openapi/api-answers';

const idPipe = idParam('رقم الطلب غير صحيح');

/** The requests desk (admin session on every route, by the default-deny guard). */
@ApiSection('requests')
@Controller('requests')
export class RequestsAdminController {
  constructor(private readonly desk: RequestsAdminService) {}

  @Get()
  @ApiList('طلبات المكتب بتسمياتها العربية (تصفية الحالة والتواريخ والمنطقة والمكان والبحث)')
  async list(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminRequestRow[]> {
    const query = parseListQuery(REQUESTS_LIST, params);
    return sendPage(reply, REQUESTS_LIST, query, await this.desk.list(query));
  }

  @Get('summary')
  @ApiOk('عدادات الحالات واستلامات اليوم والغد')
  summary(): Promise<RequestsSummary> {
    return this.desk.summary();
  }

  @Get(':id')
  @ApiOk('الطلب بكل حقوله للمكتب')
  @ApiNotFound()
  get(@Param('id', idPipe) id: number): Promise<AdminRequestRow> {
    return this.desk.get(id);
  }

  @Patch(':id')
  @ApiOk('تغيّر المتطوع المكلَّف بالاستلام، ويجاب بالطلب')
  @ApiNotFound()
  update(
    @Param('id', idPipe) id: number,
    @Body() body: PatchRequestDto,
    @CurrentAdmin() admin: AdminPrincipal | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<AdminRequestRow> {
    return this.desk.setVolunteer(id, body.volunteerId, admin, meta);
  }

  @Delete(':id')
  @ApiOk('حُذف الطلب ونُسخ إلى أرشيف المحذوفات')
  @ApiNotFound()
  remove(
    @Param('id', idPipe) id: number,
    @Body() body: DeleteRequestDto | undefined,
    @CurrentAdmin() admin: AdminPrincipal | undefined,
    @ReqMeta() meta: RequestMeta,
  ) {
    return this.desk.remove(id, body?.reason?.trim() || null, admin, meta);
  }

  @Post('bulk')
  @HttpCode(200)
  @ApiOk('نتيجة كل طلب وإشعاره، وعدد من أُبلغوا')
  @ApiBadInput()
  bulk(
    @Body() body: BulkRequestsDto,
    @CurrentAdmin() admin: AdminPrincipal | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<BulkResult> {
    if (body.action === 'status' && !body.status) throw DomainException.validation({ status: 'اختر الحالة الجديدة' });
    const action =
      body.action === 'status'
        ? { action: 'status' as const, status: body.status!, cancellationReason: body.cancellationReason }
        : { action: 'delete' as const, reason: body.reason };
    return this.desk.bulk(body.ids, action, admin, meta);
  }
}
