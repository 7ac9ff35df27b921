import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../../../common/auth/public.decorator';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { idParam } from '../../../common/http/id-param.pipe';
import { idsFilter, parseListQuery, sendPage, type RawListParams } from '../../../common/http/list-query';
import { ToggleDto, UploadUrlDto } from '../file-records.dto';
import { CreateGovernanceDto, GOVERNANCE_LIST, UpdateGovernanceDto } from './governance.dto';
import { GovernanceService } from './governance.service';
import { ApiBadInput, ApiCreated, ApiErrors, ApiList, ApiNotFound, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { FileErrors } from '../../files/file-errors';

const ID = 'رقم البطاقة غير صحيح';

/** Spec §7 Governance (admin session on every route); also the react-admin resource governance-cards. */
@ApiSection('content')
@Controller('admin/governance')
export class GovernanceAdminController {
  constructor(private readonly governance: GovernanceService) {}

  @Post('upload-url')
  @HttpCode(200)
  @ApiOk('رابط رفع موقّع لمرة واحدة ومسار الملف')
  @ApiBadInput()
  uploadUrl(@Body() body: UploadUrlDto) {
    return this.governance.uploadUrl(body?.contentType);
  }

  @Get()
  @ApiList('بطاقات الحوكمة')
  async list(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply) {
    const query = parseListQuery(GOVERNANCE_LIST, params);
    return sendPage(reply, GOVERNANCE_LIST, query, await this.governance.adminList(query, idsFilter(query.filter.id, ID)));
  }

  @Get(':id')
  @ApiOk('بطاقة الحوكمة')
  @ApiNotFound()
  one(@Param('id', idParam(ID)) id: number) {
    return this.governance.one(id);
  }

  @Post()
  @ApiCreated('أُنشئت البطاقة')
  @ApiBadInput()
  @ApiErrors(errorsOf(FileErrors, 'FILE_NOT_UPLOADED', 'FILE_TOO_LARGE', 'FILE_CONTENT_MISMATCH', 'STORAGE_UNAVAILABLE'))
  create(@Body() body: CreateGovernanceDto, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.governance.create(body, admin);
  }

  @Put(':id')
  @ApiOk('عُدّلت البطاقة')
  @ApiNotFound()
  @ApiErrors(errorsOf(FileErrors, 'FILE_NOT_UPLOADED', 'FILE_TOO_LARGE', 'FILE_CONTENT_MISMATCH', 'STORAGE_UNAVAILABLE'))
  update(@Param('id', idParam(ID)) id: number, @Body() body: UpdateGovernanceDto, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.governance.update(id, body, admin);
  }

  @Patch(':id/toggle')
  @ApiOk('تغيّر تفعيل البطاقة')
  @ApiNotFound()
  toggle(@Param('id', idParam(ID)) id: number, @Body() body: ToggleDto) {
    return this.governance.toggle(id, body.isActive);
  }

  @Delete(':id')
  @ApiOk('حُذفت البطاقة وملفها')
  @ApiNotFound()
  @ApiErrors(errorsOf(FileErrors, 'STORAGE_UNAVAILABLE'))
  remove(@Param('id', idParam(ID)) id: number, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.governance.remove(id, admin);
  }
}

/** The public /governance page's calls. */
@ApiSection('content')
@Controller('governance')
export class GovernancePublicController {
  constructor(private readonly governance: GovernanceService) {}

  @Public()
  @Get()
  @ApiOk('بطاقات الحوكمة المفعّلة لصفحة الحوكمة')
  list() {
    return this.governance.publicList();
  }

  @Public()
  @Get(':id/file')
  @ApiOk('رابط تنزيل قصير الأجل لملف البطاقة')
  @ApiNotFound()
  file(@Param('id', idParam(ID)) id: number) {
    return this.governance.fileLink(id);
  }
}
