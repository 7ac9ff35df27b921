import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAdmin } from '../../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { idParam } from '../../../common/http/id-param.pipe';
import { parseListQuery, sendPage } from '../../../common/http/list-query';
import type { RawListParams } from '../../../common/http/list-query';
import type { LoginAttemptRow, SecurityAlertRow } from '../../../shared/api/security';
import { normalizeUsername } from '../../../shared/username';
import { SecurityAlertsService } from '../alerts/security-alerts.service';
import { UnfreezeDto } from '../auth/auth.dto';
import { AccountStatusService, SecurityStatusView } from './account-status.service';
import { LOGIN_ATTEMPTS_LIST, SECURITY_ALERTS_LIST } from './security.dto';
import { ApiBadInput, ApiErrors, ApiList, ApiNotFound, ApiOk, ApiSection, CommonErrors } from '../../../common/openapi/api-answers';

/** The security tab: login attempts, alerts, account status, unfreezing. */
@ApiSection('security')
@Controller('security')
export class SecurityController {
  constructor(
    private readonly accounts: AccountStatusService,
    private readonly alerts: SecurityAlertsService,
  ) {}

  @Get('login-attempts')
  @ApiList('محاولات الدخول')
  async loginAttempts(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<LoginAttemptRow[]> {
    const query = parseListQuery(LOGIN_ATTEMPTS_LIST, params);
    return sendPage(reply, LOGIN_ATTEMPTS_LIST, query, await this.accounts.listAttempts(query));
  }

  @Get('login-attempts/:id')
  @ApiOk('محاولة الدخول')
  @ApiNotFound()
  loginAttempt(@Param('id', idParam('رقم محاولة الدخول غير صحيح')) id: number): Promise<LoginAttemptRow> {
    return this.accounts.attempt(id);
  }

  @Get('alerts')
  @ApiList('التنبيهات الأمنية')
  async list(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<SecurityAlertRow[]> {
    const query = parseListQuery(SECURITY_ALERTS_LIST, params);
    return sendPage(reply, SECURITY_ALERTS_LIST, query, await this.alerts.list(query));
  }

  @Get('alerts/:id')
  @ApiOk('التنبيه الأمني')
  @ApiNotFound()
  alert(@Param('id', idParam('رقم التنبيه غير صحيح')) id: number): Promise<SecurityAlertRow> {
    return this.alerts.one(id);
  }

  @Get('status')
  @ApiOk('حالة الحساب: المحاولات والتجميد')
  @ApiErrors(CommonErrors.NOT_FOUND)
  status(@CurrentAdmin() admin: AdminPrincipal, @Query('username') username?: string): Promise<SecurityStatusView> {
    return this.accounts.view(username?.trim() ? normalizeUsername(username) : admin.username);
  }

  @Post('alerts/:id/resolve')
  @HttpCode(200)
  @ApiOk('عولج التنبيه { success: true }')
  @ApiNotFound()
  async resolve(
    @CurrentAdmin() admin: AdminPrincipal,
    @Param('id', idParam('رقم التنبيه غير صحيح')) id: number,
  ): Promise<{ success: true }> {
    await this.alerts.resolve(id, admin.username);
    return { success: true };
  }

  @Post('unfreeze')
  @HttpCode(200)
  @ApiOk('أُلغي تجميد الحساب { success, message }')
  @ApiBadInput()
  @ApiErrors(CommonErrors.NOT_FOUND)
  async unfreeze(@Body() body: UnfreezeDto): Promise<{ success: true; message: string }> {
    await this.accounts.unfreeze(normalizeUsername(body.username));
    return { success: true, message: 'تم إلغاء تجميد الحساب' };
  }
}
