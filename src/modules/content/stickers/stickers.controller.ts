import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { idParam } from '../../../common/http/id-param.pipe';
import { StickersService } from './stickers.service';

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

/** Spec §7 Stickers (admin session on every route). */
@Controller('admin/stickers')
export class StickersController {
  constructor(private readonly stickers: StickersService) {}

  @Post('upload-url')
  @HttpCode(200)
  uploadUrl(@Body() body: UploadUrlDto) {
    return this.stickers.uploadUrl(body?.contentType);
  }

  @Get()
  list() {
    return this.stickers.list();
  }

  @Post()
  create(@Body() body: CreateStickerDto, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.stickers.create(body, admin);
  }

  @Put(':id')
  update(@Param('id', idParam(ID)) id: number, @Body() body: UpdateStickerDto) {
    return this.stickers.update(id, body);
  }

  @Post(':id/toggle')
  @HttpCode(200)
  toggle(@Param('id', idParam(ID)) id: number, @Body() body: ToggleDto) {
    return this.stickers.toggle(id, body.isActive);
  }

  @Delete(':id')
  remove(@Param('id', idParam(ID)) id: number, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.stickers.remove(id, admin);
  }
}
