import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { idParam } from '../../../common/http/id-param.pipe';
import { idsFilter, parseListQuery, sendPage, type RawListParams } from '../../../common/http/list-query';
import { ToggleDto, UploadUrlDto } from '../file-records.dto';
import { CreateStickerDto, STICKERS_LIST, UpdateStickerDto } from './stickers.dto';
import { StickersService } from './stickers.service';
import { ApiBadInput, ApiCreated, ApiErrors, ApiList, ApiNotFound, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { FileErrors } from '../../files/file-errors';

const ID = 'رقم الملصق غير صحيح';

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
    const query = parseListQuery(STICKERS_LIST, params);
    return sendPage(reply, STICKERS_LIST, query, await this.stickers.list(query, idsFilter(query.filter.id, ID)));
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
