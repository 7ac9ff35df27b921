import { Controller, Get } from '@nestjs/common';
import { Public } from '../../common/auth/public.decorator';
import { SiteStatus, SiteStatusService } from './site-status.service';
import { ApiOk, ApiSection } from '../../common/openapi/api-answers';

@ApiSection('system')
@Controller('system')
export class SystemPublicController {
  constructor(private readonly siteStatus: SiteStatusService) {}

  /** Whether the public site is blocked for maintenance (read by every public page load). */
  @Public()
  @Get('site-blocked')
  @ApiOk('هل الموقع العام متوقف للصيانة، وسببه')
  siteBlocked(): Promise<SiteStatus> {
    return this.siteStatus.status();
  }
}
