import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_ENTRY_LENGTH, MAX_LIST_ENTRIES } from '../../../shared/dropdown-rules';
import { CONTENT_TYPES, type ContentType } from '../entities/content-setting.entity';

export class SaveContentDto {
  @MaxLength(100, { message: 'مفتاح المحتوى غير معروف' })
  @IsNotEmpty({ message: 'مفتاح المحتوى مطلوب' })
  @IsString({ message: 'مفتاح المحتوى مطلوب' })
  key: string;

  @MaxLength(5000, { message: 'النص يجب ألا يتجاوز 5000 حرف' })
  @IsString({ message: 'القيمة يجب أن تكون نصاً' })
  value: string;

  @IsOptional()
  @IsIn(CONTENT_TYPES, { message: `نوع المحتوى يجب أن يكون ${CONTENT_TYPES.join(' أو ')}` })
  type?: ContentType;
}

export class DropdownListsDto {
  @MaxLength(MAX_ENTRY_LENGTH, { each: true, message: `الخيار يجب ألا يتجاوز ${MAX_ENTRY_LENGTH} حرف` })
  @IsString({ each: true, message: 'خيارات أنواع المناسبات يجب أن تكون نصوصاً' })
  @ArrayMaxSize(MAX_LIST_ENTRIES, { message: `لا يمكن أن تزيد القائمة على ${MAX_LIST_ENTRIES} خياراً` })
  @IsArray({ message: 'قائمة أنواع المناسبات مطلوبة' })
  eventTypes: string[];

  @MaxLength(MAX_ENTRY_LENGTH, { each: true, message: `الخيار يجب ألا يتجاوز ${MAX_ENTRY_LENGTH} حرف` })
  @IsString({ each: true, message: 'خيارات أنواع الطعام يجب أن تكون نصوصاً' })
  @ArrayMaxSize(MAX_LIST_ENTRIES, { message: `لا يمكن أن تزيد القائمة على ${MAX_LIST_ENTRIES} خياراً` })
  @IsArray({ message: 'قائمة أنواع الطعام مطلوبة' })
  foodTypes: string[];
}
