import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Public } from '../../../common/auth/public.decorator';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { idParam } from '../../../common/http/id-param.pipe';
import { idsFilter, parseListQuery, sendPage, type ListSpec, type RawListParams } from '../../../common/http/list-query';
import { ToggleDto, UploadUrlDto } from '../stickers/stickers.controller';
import { GovernanceService } from './governance.service';
import { ApiBadInput, ApiCreated, ApiErrors, ApiList, ApiNotFound, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { FileErrors } from '../../files/file-errors';

export class UpdateGovernanceDto {
  @IsOptional()
  @MaxLength(200, { message: 'العنوان يجب ألا يتجاوز 200 حرف' })
  @IsString({ message: 'عنوان البطاقة مطلوب' })
  title?: string;

  @IsOptional()
  @MaxLength(2000, { message: 'الوصف يجب ألا يتجاوز 2000 حرف' })
  @IsString({ message: 'الوصف يجب أن يكون نصاً' })
  description?: string | null;

  @IsOptional()
  @MaxLength(20000, { message: 'المحتوى يجب ألا يتجاوز 20000 حرف' })
  @IsString({ message: 'المحتوى يجب أن يكون نصاً' })
  content?: string | null;

  @IsOptional()
  @MaxLength(200, { message: 'مسار الملف غير صالح، أعد رفع الملف' })
  @IsString({ message: 'مسار الملف غير صالح، أعد رفع الملف' })
  objectPath?: string | null;

  /** The spec's client sends the uploaded path as fileUrl. */
  @IsOptional()
  @MaxLength(200, { message: 'مسار الملف غير صالح، أعد رفع الملف' })
  @IsString({ message: 'مسار الملف غير صالح، أعد رفع الملف' })
  fileUrl?: string | null;

  @IsOptional()
  @MaxLength(255, { message: 'اسم الملف يجب ألا يتجاوز 255 حرفاً' })
  @IsString({ message: 'اسم الملف يجب أن يكون نصاً' })
  fileName?: string | null;

  /** Measured by the server; accepted because the spec's client sends them. */
  @IsOptional()
  fileType?: unknown;

  @IsOptional()
  fileSize?: unknown;

  /** A number or a numeric text; anything else is 0. */
  @IsOptional()
  displayOrder?: unknown;

  @IsOptional()
  @IsBoolean({ message: 'حالة التفعيل يجب أن تكون true أو false' })
  isActive?: boolean;

  @IsOptional()
  @IsBoolean({ message: 'قيمة حذف الملف يجب أن تكون true أو false' })
  removeFile?: boolean;
}

export class CreateGovernanceDto extends UpdateGovernanceDto {
  @MaxLength(200, { message: 'العنوان يجب ألا يتجاوز 200 حرف' })
  @IsNotEmpty({ message: 'عنوان البطاقة مطلوب' })
  @IsString({ message: 'عنوان البطاقة مطلوب' })
  declare title: string;
}

const ID = 'رقم البطاقة غير صحيح';
/** The react-admin resource `governance-cards`; a call without range gets up to 100, as the spec's list did. */
const LIST: ListSpec<'displayOrder', 'id'> = {
  resource: 'governance-cards',
  sortable: ['displayOrder'],
  defaultSort: { field: 'displayOrder', order: 'ASC' },
  filterable: ['id'],
  defaultPageSize: 100,
};

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
    const query = parseListQuery(LIST, params);
    return sendPage(reply, LIST, query, await this.governance.adminList(query, idsFilter(query.filter.id, ID)));
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
