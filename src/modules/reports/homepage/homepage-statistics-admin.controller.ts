import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { ReqMeta, type RequestMeta } from '../../../common/http/request-meta';
import { HomepageStatisticsService } from './homepage-statistics.service';

/** Spec §7 Homepage statistics (admin): the manual figures that override the computed ones. */
@Controller('admin/homepage-statistics')
export class HomepageStatisticsAdminController {
  constructor(private readonly statistics: HomepageStatisticsService) {}

  @Get()
  get() {
    return this.statistics.adminView();
  }

  @Post()
  @HttpCode(200)
  save(@Body() body: Record<string, unknown>, @ReqMeta() meta: RequestMeta, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.statistics.saveManual(body && typeof body === 'object' ? body : {}, admin, meta);
  }

  @Delete()
  reset(@ReqMeta() meta: RequestMeta, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.statistics.reset(admin, meta);
  }
}
