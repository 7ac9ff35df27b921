import { Controller, Get } from '@nestjs/common';
import { Public } from '../../../common/auth/public.decorator';
import type { HomepageStatistics } from '../../../shared/api/reports';
import { HomepageStatisticsService } from './homepage-statistics.service';
import { ApiOk, ApiSection } from '../../../common/openapi/api-answers';

@ApiSection('reports')
@Controller()
export class HomepageStatisticsController {
  constructor(private readonly statistics: HomepageStatisticsService) {}

  /** { totalRequests, uniquePhones, completedRequests, estimatedFoodKg, familiesBenefited, basis }. */
  @Public()
  @Get('homepage-statistics')
  @ApiOk('أرقام الصفحة الرئيسية { totalRequests, uniquePhones, completedRequests, estimatedFoodKg, familiesBenefited, basis }')
  get(): Promise<HomepageStatistics> {
    return this.statistics.get();
  }
}
