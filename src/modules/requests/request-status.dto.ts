import { IsIn, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { REQUEST_STATUSES } from '../../shared/labels';
import type { RequestStatus } from '../../shared/labels';
import { weighedKgError } from '../../shared/weighed-kg';

export class ChangeRequestStatusDto {
  @IsIn(REQUEST_STATUSES as unknown as string[], {
    message: 'حالة الطلب غير صحيحة: يجب أن تكون إحدى القيم received أو reviewing أو confirmed أو completed أو cancelled',
  })
  status: RequestStatus;

  @IsOptional()
  @MaxLength(1000, { message: 'سبب الإلغاء يجب ألا يتجاوز 1000 حرف' })
  @IsString({ message: 'سبب الإلغاء يجب أن يكون نصاً' })
  cancellationReason?: string;

  // The shared rule (src/shared/weighed-kg.ts): the admin app's prompt checks the same, with the same words.
  @IsOptional()
  @ValidateBy({
    name: 'weighedKg',
    validator: { validate: (value) => weighedKgError(value) === null, defaultMessage: (args) => weighedKgError(args?.value) ?? '' },
  })
  weighedKg?: number;
}
