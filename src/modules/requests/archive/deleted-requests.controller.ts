import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { parseListQuery, sendPage } from '../../../common/http/list-query';
import type { RawListParams } from '../../../common/http/list-query';
import { ReqMeta, type RequestMeta } from '../../../common/http/request-meta';
import type { DeletedRequestRow } from '../../../shared/api/requests';
import { requestIdPipe } from '../request-id.pipe';
import { DELETED_REQUESTS_LIST } from './deleted-requests.dto';
import { DeletedRequestsService } from './deleted-requests.service';
import { ApiErrors, ApiList, ApiNotFound, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { ArchiveErrors } from './deleted-requests.service';

/** The archive of deleted requests (administrators only, by the default-deny guard). */
@ApiSection('requests')
@Controller('admin/deleted-requests')
export class DeletedRequestsController {
  constructor(private readonly archive: DeletedRequestsService) {}

  @Get()
  @ApiList('أرشيف الطلبات المحذوفة بأعمدة المكتب')
  async list(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<DeletedRequestRow[]> {
    const query = parseListQuery(DELETED_REQUESTS_LIST, params);
    return sendPage(reply, DELETED_REQUESTS_LIST, query, await this.archive.list(query));
  }

  @Get(':id')
  @ApiOk('الطلب المحذوف')
  @ApiNotFound()
  one(@Param('id', requestIdPipe) id: number): Promise<DeletedRequestRow> {
    return this.archive.one(id);
  }

  /** `:id` is the archive entry's (the list's `id`); the request comes back under its own number. */
  @Post(':id/restore')
  @HttpCode(200)
  @ApiOk('استُعيد الطلب برقمه الأصلي')
  @ApiNotFound()
  @ApiErrors(errorsOf(ArchiveErrors, 'DUPLICATE_REQUEST', 'ACTIVE_REQUESTS_LIMIT', 'REQUEST_NUMBER_IN_USE', 'DATE_FULL'))
  restore(@Param('id', requestIdPipe) id: number, @CurrentAdmin() admin: AdminPrincipal | undefined, @ReqMeta() meta: RequestMeta) {
    return this.archive.restore(id, admin, meta);
  }
}
