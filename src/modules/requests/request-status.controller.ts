import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { IsIn, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { CurrentAdmin } from '../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../common/auth/current-admin.decorator';
import { idParam } from '../../common/http/id-param.pipe';
import { ReqMeta } from '../../common/http/request-meta';
import type { RequestMeta } from '../../common/http/request-meta';
import type { StatusHistoryEntry } from '../../shared/api/requests';
import { REQUEST_STATUSES } from '../../shared/labels';
import type { RequestStatus } from '../../shared/labels';
import { RequestStatusService } from './request-status.service';
import type { StatusChangeResult } from './request-status.service';

export class ChangeRequestStatusDto {
  @IsIn(REQUEST_STATUSES as unknown as string[], {
    message: 'حالة الطلب غير صحيحة: يجب أن تكون إحدى القيم received أو reviewing أو confirmed أو completed أو cancelled',
  })
  status: RequestStatus;

  @IsOptional()
  @MaxLength(1000, { message: 'سبب الإلغاء يجب ألا يتجاوز 1000 حرف' })
  @IsString({ message: 'سبب الإلغاء يجب أن يكون نصاً' })
  cancellationReason?: string;

  @IsOptional()
  @Max(100_000, { message: 'الوزن الفعلي يجب ألا يتجاوز 100000 كجم' })
  @Min(0, { message: 'الوزن الفعلي يجب أن يكون صفراً أو أكثر' })
  @IsNumber(
    { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
    { message: 'الوزن الفعلي يجب أن يكون رقماً بخانتين عشريتين على الأكثر' },
  )
  weighedKg?: number;
}

/** Status changes by an administrator and their history (every route here is private). */
@Controller('requests')
export class RequestStatusController {
  constructor(private readonly statuses: RequestStatusService) {}

  @Get(':id/history')
  history(@Param('id', idParam('رقم الطلب غير صحيح')) id: number): Promise<StatusHistoryEntry[]> {
    return this.statuses.history(id);
  }

  @Patch(':id/status')
  change(
    @Param('id', idParam('رقم الطلب غير صحيح')) id: number,
    @Body() body: ChangeRequestStatusDto,
    @CurrentAdmin() admin: AdminPrincipal | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<StatusChangeResult> {
    return this.statuses.change(id, body, admin, meta);
  }
}
