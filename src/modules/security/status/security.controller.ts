import { Body, Controller, Get, HttpCode, Param, ParseIntPipe, Post, Query } from '@nestjs/common';
import { CurrentAdmin } from '../../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { DomainException } from '../../../common/errors/domain.exception';
import { SecurityAlertsService, SecurityAlertView } from '../alerts/security-alerts.service';
import { UnfreezeDto } from '../auth/auth.dto';
import { normalizeUsername } from '../../../shared/username';
import { AccountStatusService, LoginAttemptView, SecurityStatusView } from './account-status.service';

const MAX_LIST = 200;

function listLimit(raw: string | undefined, fallback: number): number {
  const n = Number.parseInt(raw ?? '', 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, MAX_LIST) : fallback;
}

/** The security tab: login attempts, alerts, account status, unfreezing. */
@Controller('security')
export class SecurityController {
  constructor(
    private readonly accounts: AccountStatusService,
    private readonly alerts: SecurityAlertsService,
  ) {}

  @Get('login-attempts')
  loginAttempts(@Query('limit') limit?: string): Promise<LoginAttemptView[]> {
    return this.accounts.recentAttempts(listLimit(limit, 10));
  }

  @Get('alerts')
  list(@Query('limit') limit?: string): Promise<SecurityAlertView[]> {
    return this.alerts.list(listLimit(limit, 100));
  }

  @Get('status')
  status(@CurrentAdmin() admin: AdminPrincipal, @Query('username') username?: string): Promise<SecurityStatusView> {
    return this.accounts.view(username?.trim() ? normalizeUsername(username) : admin.username);
  }

  @Post('alerts/:id/resolve')
  @HttpCode(200)
  async resolve(
    @CurrentAdmin() admin: AdminPrincipal,
    @Param('id', new ParseIntPipe({ exceptionFactory: () => badId() })) id: number,
  ): Promise<{ success: true }> {
    await this.alerts.resolve(id, admin.username);
    return { success: true };
  }

  @Post('unfreeze')
  @HttpCode(200)
  async unfreeze(@Body() body: UnfreezeDto): Promise<{ success: true; message: string }> {
    await this.accounts.unfreeze(normalizeUsername(body.username));
    return { success: true, message: 'تم إلغاء تجميد الحساب' };
  }
}

function badId(): DomainException {
  return DomainException.validation({ id: 'رقم التنبيه غير صحيح' });
}
