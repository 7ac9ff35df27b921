import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { MAX_ID } from '../../../common/http/id-param.pipe';
import type { ListSpec } from '../../../common/http/list-query';
import type { QuickMessageChange } from '../../../shared/api/quick-messages';
import { QUICK_MESSAGE_FILTERABLE, QUICK_MESSAGE_SORTABLE } from './quick-messages-admin.repository';
import type { QuickMessageFilterField, QuickMessageSortField } from './quick-messages-admin.repository';

export const QUICK_MESSAGES_LIST: ListSpec<QuickMessageSortField, QuickMessageFilterField> = {
  resource: 'quick-messages',
  sortable: QUICK_MESSAGE_SORTABLE,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filterable: QUICK_MESSAGE_FILTERABLE,
};

export class DeleteQuickMessagesDto {
  @Min(1, { each: true, message: 'أرقام الرسائل يجب أن تكون أعداداً صحيحة' })
  @IsInt({ each: true, message: 'أرقام الرسائل يجب أن تكون أعداداً صحيحة' })
  @ArrayMaxSize(1000, { message: 'لا يمكن حذف أكثر من 1000 رسالة في المرة الواحدة' })
  @ArrayMinSize(1, { message: 'اختر رسالة واحدة على الأقل' })
  @IsArray({ message: 'قائمة الرسائل المحددة مطلوبة' })
  ids: number[];
}

export class ReplyDto {
  @MaxLength(1000, { message: 'نص الرد يجب ألا يتجاوز 1000 حرف' })
  @IsNotEmpty({ message: 'نص الرد مطلوب' })
  @IsString({ message: 'نص الرد مطلوب' })
  reply: string;
}

export class ChangeQuickMessageDto implements QuickMessageChange {
  @IsOptional()
  @IsBoolean({ message: 'حالة الرد يجب أن تكون true أو false' })
  answered?: boolean;

  /** null unlinks. */
  @IsOptional()
  @Max(MAX_ID, { message: 'رقم الطلب غير صحيح' })
  @Min(1, { message: 'رقم الطلب غير صحيح' })
  @IsInt({ message: 'رقم الطلب غير صحيح' })
  requestId?: number | null;
}
