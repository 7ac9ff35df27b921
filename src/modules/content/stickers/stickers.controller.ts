import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { idParam } from '../../../common/http/id-param.pipe';
import { idsFilter, parseListQuery, sendPage, type ListSpec, type RawListParams } from '../../../common/http/list-query';
import { StickersService } from './stickers.service';
import { ApiBadInput, ApiCreated, ApiErrors, ApiList, ApiNotFound, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { FileErrors } from '../../files/file-errors';

export class UploadUrlDto {
  @IsOptional()
  @MaxLength(200, { message: 'نوع الملف غير مدعوم' })
  @IsString({ message: 'نوع الملف غير مدعوم' })
  contentType?: string;
}

export class CreateStickerDto {
  @MaxLength(200, { message: 'مسار الملف غير صالح، أعد رفع الملف' })
  @IsNotEmpty({ message: 'مسار الملف مطلوب، ارفع الملف أولاً' })
  @IsString({ message: 'مسار الملف مطلوب، ارفع الملف أولاً' })
  objectPath: string;

  @MaxLength(255, { message: 'اسم الملف يجب ألا يتجاوز 255 حرفاً' })
  @IsNotEmpty({ message: 'اسم الملف مطلوب' })
  @IsString({ message: 'اسم الملف مطلوب' })
  originalName: string;

  @IsOptional()
  @MaxLength(1000, { message: 'الوصف يجب ألا يتجاوز 1000 حرف' })
  @IsString({ message: 'الوصف يجب أن يكون نصاً' })
  description?: string | null;

  /** Sent by the spec's client; the server measures the stored file instead. */
  @IsOptional()
  @MaxLength(255, { message: 'اسم الملف يجب ألا يتجاوز 255 حرفاً' })
  @IsString({ message: 'اسم الملف يجب أن يكون نصاً' })
  filename?: string;

  @IsOptional()
  @Min(0, { message: 'حجم الملف غير صحيح' })
  @IsInt({ message: 'حجم الملف غير صحيح' })
  fileSize?: number;

  @IsOptional()
  @MaxLength(100, { message: 'نوع الملف غير مدعوم' })
  @IsString({ message: 'نوع الملف غير مدعوم' })
  mimeType?: string;
}

export class UpdateStickerDto {
  /** The list's switch saves through the same call (react-admin's update). */
  @IsOptional()
  @IsBoolean({ message: 'حالة التفعيل يجب أن تكون true أو false' })
  isActive?: boolean;

  @IsOptional()
  @MaxLength(1000, { message: 'الوصف يجب ألا يتجاوز 1000 حرف' })
  @IsString({ message: 'الوصف يجب أن يكون نصاً' })
  description?: string | null;

  /** A number or a numeric text; anything else is 0 (spec §3). */
  @IsOptional()
  sortOrder?: unknown;
}

export class ToggleDto {
  @IsBoolean({ message: 'حالة التفعيل يجب أن تكون true أو false' })
  isActive: boolean;
}

const ID = 'رقم الملصق غير صحيح';
/** The react-admin resource `stickers`; a call without range gets up to 100, as the spec's list did. */
const LIST: ListSpec<'sortOrder', 'id'> = {
  resource: 'stickers',
  sortable: ['sortOrder'],
  defaultSort: { field: 'sortOrder', order: 'ASC' },
  filterable: ['id'],
  defaultPageSize: 100,
};

/** Spec §7 Stickers (admin session on every route); also the react-admin resource stickers. */
@ApiSection('content')
@Controller('admin/stickers')
export class StickersController {
  constructor(private readonly stickers: StickersService) {}

  @Post('upload-url')
  @HttpCode(200)
  @ApiOk('رابط رفع موقّع لمرة واحدة ومسار الملف')
  @ApiBadInput()
  uploadUrl(@Body() body: UploadUrlDto) {
    return this.stickers.uploadUrl(body?.contentType);
  }

  @Get()
  @ApiList('الملصقات')
  async list(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply) {
    const query = parseListQuery(LIST, params);
    return sendPage(reply, LIST, query, await this.stickers.list(query, idsFilter(query.filter.id, ID)));
  }

  @Get(':id')
  @ApiOk('الملصق')
  @ApiNotFound()
  one(@Param('id', idParam(ID)) id: number) {
    return this.stickers.one(id);
  }

  @Post()
  @ApiCreated('سُجّل الملصق بعد فحص محتوى الملف')
  @ApiBadInput()
  @ApiErrors(errorsOf(FileErrors, 'FILE_NOT_UPLOADED', 'FILE_TOO_LARGE', 'FILE_CONTENT_MISMATCH', 'STORAGE_UNAVAILABLE'))
  create(@Body() body: CreateStickerDto, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.stickers.create(body, admin);
  }

  @Put(':id')
  @ApiOk('عُدّل الملصق')
  @ApiNotFound()
  update(@Param('id', idParam(ID)) id: number, @Body() body: UpdateStickerDto) {
    return this.stickers.update(id, body);
  }

  @Post(':id/toggle')
  @HttpCode(200)
  @ApiOk('تغيّر تفعيل الملصق')
  @ApiNotFound()
  toggle(@Param('id', idParam(ID)) id: number, @Body() body: ToggleDto) {
    return this.stickers.toggle(id, body.isActive);
  }

  @Delete(':id')
  @ApiOk('حُذف الملصق وملفه')
  @ApiNotFound()
  @ApiErrors(errorsOf(FileErrors, 'STORAGE_UNAVAILABLE'))
  remove(@Param('id', idParam(ID)) id: number, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.stickers.remove(id, admin);
  }
}
