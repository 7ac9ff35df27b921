import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import type { ListSpec } from '../../../common/http/list-query';

/** The react-admin resource `stickers`; a call without range gets up to 100, as the spec's list did. */
export const STICKERS_LIST: ListSpec<'sortOrder', 'id'> = {
  resource: 'stickers',
  sortable: ['sortOrder'],
  defaultSort: { field: 'sortOrder', order: 'ASC' },
  filterable: ['id'],
  defaultPageSize: 100,
};

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
