import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ListSpec } from '../../../common/http/list-query';

/** The react-admin resource `governance-cards`; a call without range gets up to 100, as the spec's list did. */
export const GOVERNANCE_LIST: ListSpec<'displayOrder', 'id'> = {
  resource: 'governance-cards',
  sortable: ['displayOrder'],
  defaultSort: { field: 'displayOrder', order: 'ASC' },
  filterable: ['id'],
  defaultPageSize: 100,
};

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
