import { Body, Controller, Get, Patch } from '@nestjs/common';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { ReqMeta, type RequestMeta } from '../../../common/http/request-meta';
import type { SecuritySettings } from '../../../shared/security-settings';
import { SecuritySettingsDto } from './security-settings.dto';
import { SecuritySettingsService } from './security-settings.service';

/** The security policy on the security tab (decisions.md "Security settings are editable"). */
@Controller('security/settings')
export class SecuritySettingsController {
  constructor(private readonly settings: SecuritySettingsService) {}

  @Get()
  get(): Promise<SecuritySettings> {
    return this.settings.get();
  }

  @Patch()
  update(@Body() body: SecuritySettingsDto, @CurrentAdmin() admin: AdminPrincipal, @ReqMeta() meta: RequestMeta) {
    return this.settings.update(body, admin, meta);
  }
}
