import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { MAX_ID } from '../../../common/http/id-param.pipe';
import type { ListSpec } from '../../../common/http/list-query';
import { REQUEST_STATUSES } from '../../../shared/labels';
import type { RequestStatus } from '../../../shared/labels';
import { REQUEST_FILTERABLE, REQUEST_SORTABLE, RequestFilterField, RequestSortField } from './requests-admin.repository';

const VOLUNTEER_ID = 'اختر متطوعاً من القائمة، أو null لإلغاء التعيين';

/** The desk's list convention (its export reads the same sort and filter). */
export const REQUESTS_LIST: ListSpec<RequestSortField, RequestFilterField> = {
  resource: 'requests',
  sortable: REQUEST_SORTABLE,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filterable: REQUEST_FILTERABLE,
  maxPageSize: 200,
};

export class DeleteRequestDto {
  @IsOptional()
  @MaxLength(1000, { message: 'سبب الحذف يجب ألا يتجاوز 1000 حرف' })
  @IsString({ message: 'سبب الحذف يجب أن يكون نصاً' })
  reason?: string;
}

export class BulkRequestsDto {
  @Max(MAX_ID, { each: true, message: 'أرقام الطلبات غير صحيحة' })
  @Min(1, { each: true, message: 'أرقام الطلبات غير صحيحة' })
  @IsInt({ each: true, message: 'أرقام الطلبات غير صحيحة' })
  @ArrayMaxSize(500, { message: 'لا يمكن تعديل أكثر من 500 طلب في المرة الواحدة' })
  @ArrayMinSize(1, { message: 'اختر طلباً واحداً على الأقل' })
  @IsArray({ message: 'قائمة الطلبات المحددة مطلوبة' })
  ids: number[];

  @IsIn(['status', 'delete'], { message: 'الإجراء يجب أن يكون تغيير الحالة أو الحذف' })
  action: 'status' | 'delete';

  @IsOptional()
  @IsIn(REQUEST_STATUSES as unknown as string[], { message: 'حالة الطلب غير صحيحة' })
  status?: RequestStatus;

  @IsOptional()
  @MaxLength(1000, { message: 'سبب الإلغاء يجب ألا يتجاوز 1000 حرف' })
  @IsString({ message: 'سبب الإلغاء يجب أن يكون نصاً' })
  cancellationReason?: string;

  @IsOptional()
  @MaxLength(1000, { message: 'سبب الحذف يجب ألا يتجاوز 1000 حرف' })
  @IsString({ message: 'سبب الحذف يجب أن يكون نصاً' })
  reason?: string;
}

export class PatchRequestDto {
  // null clears the assignment; anything else is a volunteer's id (an active one: checked by the service).
  @ValidateIf((_, value) => value !== null)
  @Max(MAX_ID, { message: VOLUNTEER_ID })
  @Min(1, { message: VOLUNTEER_ID })
  @IsInt({ message: VOLUNTEER_ID })
  volunteerId: number | null;
}
