import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { CurrentAdmin } from '../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../common/auth/current-admin.decorator';
import { ReqMeta } from '../../common/http/request-meta';
import type { RequestMeta } from '../../common/http/request-meta';
import type { StatusHistoryEntry } from '../../shared/api/requests';
import { requestIdPipe } from './request-id.pipe';
import { ChangeRequestStatusDto } from './request-status.dto';
import { RequestStatusService } from './request-status.service';
import type { StatusChangeResult } from './request-status.service';
import { ApiBadInput, ApiNotFound, ApiOk, ApiSection } from '../../common/openapi/api-answers';

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
