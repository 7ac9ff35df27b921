import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityLogService } from './activity-log.service';
import { HomepageStatisticsController } from './homepage/homepage-statistics.controller';
import { HomepageStatisticsService } from './homepage/homepage-statistics.service';
import { reportsEntities } from './reports.entities';

/** Statistics, homepage figures, food calculation, impact reports and the activity log. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(reportsEntities)],
  controllers: [HomepageStatisticsController],
  providers: [ActivityLogService, HomepageStatisticsService],
  exports: [ActivityLogService, HomepageStatisticsService],
})
export class ReportsModule {}
