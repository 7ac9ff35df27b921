import { Controller, Get } from '@nestjs/common';
import { Public } from '../../../common/auth/public.decorator';
import { HomepageStatistics, HomepageStatisticsService } from './homepage-statistics.service';

@Controller()
export class HomepageStatisticsController {
  constructor(private readonly statistics: HomepageStatisticsService) {}

  /** { totalRequests, uniquePhones, completedRequests, estimatedFoodKg, familiesBenefited }. */
  @Public()
  @Get('homepage-statistics')
  get(): Promise<HomepageStatistics> {
    return this.statistics.get();
  }
}
