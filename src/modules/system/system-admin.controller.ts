import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { CurrentAdmin } from '../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../common/auth/current-admin.decorator';
import { ReqMeta } from '../../common/http/request-meta';
import type { RequestMeta } from '../../common/http/request-meta';
import { ToggleSiteBlockDto } from './system-admin.dto';
import { SettingView, SystemAdminService } from './system-admin.service';
import { ApiBadInput, ApiOk, ApiSection } from '../../common/openapi/api-answers';

/** Settings and switches for administrators (the public site-block status is in SystemPublicController). */
@ApiSection('system')
@Controller('system')
export class SystemAdminController {
  constructor(private readonly system: SystemAdminService) {}

  @Get('settings')
  @ApiOk('إعدادات النظام')
  settings(): Promise<SettingView[]> {
    return this.system.list();
  }

  @Post('toggle-site-block')
  @HttpCode(200)
  @ApiOk('تغيّر إيقاف الموقع { blocked, message }')
  @ApiBadInput()
  toggleSiteBlock(
    @Body() body: ToggleSiteBlockDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @ReqMeta() meta: RequestMeta,
  ): Promise<{ blocked: boolean; message: string }> {
    return this.system.toggleSiteBlock(body.reason, admin, meta);
  }

  @Post('toggle-verification')
  @HttpCode(200)
  @ApiOk('تغيّر التحقق بالرمز عند الدخول { enabled, message }')
  toggleVerification(@CurrentAdmin() admin: AdminPrincipal, @ReqMeta() meta: RequestMeta): Promise<{ enabled: boolean; message: string }> {
    return this.system.toggleVerification(admin, meta);
  }
}
