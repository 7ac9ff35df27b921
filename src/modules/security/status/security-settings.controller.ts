import { Body, Controller, Get, Patch } from '@nestjs/common';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { ReqMeta, type RequestMeta } from '../../../common/http/request-meta';
import type { SecuritySettings } from '../../../shared/security-settings';
import { SecuritySettingsDto } from './security-settings.dto';
import { SecuritySettingsErrors, SecuritySettingsService } from './security-settings.service';
import { ApiBadInput, ApiErrors, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';

/** The security policy on the security tab (decisions.md "Security settings are editable"). */
@ApiSection('security')
@Controller('security/settings')
export class SecuritySettingsController {
  constructor(private readonly settings: SecuritySettingsService) {}

  @Get()
  @ApiOk('سياسة الأمان: الدول المسموحة وتنبيه الموقع وحدود التجميد')
  get(): Promise<SecuritySettings> {
    return this.settings.get();
  }

  @Patch()
  @ApiOk('حُفظت السياسة')
  @ApiBadInput()
  @ApiErrors(errorsOf(SecuritySettingsErrors, 'SETTINGS_WOULD_LOCK_OUT'))
  update(@Body() body: SecuritySettingsDto, @CurrentAdmin() admin: AdminPrincipal, @ReqMeta() meta: RequestMeta) {
    return this.settings.update(body, admin, meta);
  }
}
