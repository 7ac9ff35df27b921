import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { IsIn, IsOptional, IsString, MaxLength, ValidateBy } from 'class-validator';
import { CurrentAdmin } from '../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../common/auth/current-admin.decorator';
import { ReqMeta } from '../../common/http/request-meta';
import type { RequestMeta } from '../../common/http/request-meta';
import type { StatusHistoryEntry } from '../../shared/api/requests';
import { REQUEST_STATUSES } from '../../shared/labels';
import type { RequestStatus } from '../../shared/labels';
import { weighedKgError } from '../../shared/weighed-kg';
import { requestIdPipe } from './request-id.pipe';
import { RequestStatusService } from './request-status.service';
import type { StatusChangeResult } from './request-status.service';
import { ApiBadInput, ApiNotFound, ApiOk, ApiSection } from '../../common/openapi/api-answers';

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

/** Status changes by an administrator and their history (every route here is private). */
@ApiSection('requests')
@Controller('requests')
export class RequestStatusController {
  constructor(private readonly statuses: RequestStatusService) {}

  @Get(':id/history')
  @ApiOk('سجل حالات الطلب')
  @ApiBadInput()
  history(@Param('id', requestIdPipe) id: number): Promise<StatusHistoryEntry[]> {
    return this.statuses.history(id);
  }

  @Patch(':id/status')
  @ApiOk('تغيّرت الحالة؛ notified يقول إن أُبلغ صاحب الطلب')
  @ApiNotFound()
  change(
    @Param('id', requestIdPipe) id: number,
    @Body() body: ChangeRequestStatusDto,
    @CurrentAdmin() admin: AdminPrincipal | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<StatusChangeResult> {
    return this.statuses.change(id, body, admin, meta);
  }
}
