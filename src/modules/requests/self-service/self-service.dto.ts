import { IsOptional, IsString, MaxLength } from 'class-validator';
import { HOST_CANCEL_REASON_MAX_LENGTH } from '../../../shared/self-service';

export class HostCancelDto {
  @IsOptional()
  @MaxLength(HOST_CANCEL_REASON_MAX_LENGTH, { message: `سبب الإلغاء يجب ألا يتجاوز ${HOST_CANCEL_REASON_MAX_LENGTH} حرف` })
  @IsString({ message: 'سبب الإلغاء يجب أن يكون نصاً' })
  reason?: string;
}
