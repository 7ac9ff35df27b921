import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { ReqMeta, type RequestMeta } from '../../../common/http/request-meta';
import { HomepageStatisticsService } from './homepage-statistics.service';
import { ApiBadInput, ApiOk, ApiSection } from '../../../common/openapi/api-answers';

/** Spec §7 Homepage statistics (admin): the manual figures that override the computed ones. */
@ApiSection('reports')
@Controller('admin/homepage-statistics')
export class HomepageStatisticsAdminController {
  constructor(private readonly statistics: HomepageStatisticsService) {}

  @Get()
  @ApiOk('أرقام الصفحة الرئيسية: اليدوية والمحسوبة')
  get() {
    return this.statistics.adminView();
  }

  @Post()
  @HttpCode(200)
  @ApiOk('حُفظت الأرقام اليدوية الخمسة')
  @ApiBadInput()
  save(@Body() body: Record<string, unknown>, @ReqMeta() meta: RequestMeta, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.statistics.saveManual(body && typeof body === 'object' ? body : {}, admin, meta);
  }

  @Delete()
  @ApiOk('عادت الصفحة الرئيسية إلى الأرقام المحسوبة')
  reset(@ReqMeta() meta: RequestMeta, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.statistics.reset(admin, meta);
  }
}
