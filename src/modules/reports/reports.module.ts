import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityLogsController } from './activity/activity-logs.controller';
import { AuditInterceptor } from './activity/audit.interceptor';
import { CertificatesAdminController, CertificateVerifyController } from './certificates/certificates.controller';
import { CertificatesRepository } from './certificates/certificates.repository';
import { CertificatesService } from './certificates/certificates.service';
import { FoodCalculationController } from './food/food-calculation.controller';
import { FoodCalculationRepository } from './food/food-calculation.repository';
import { FoodCalculationService } from './food/food-calculation.service';
import { HomepageStatisticsAdminController } from './homepage/homepage-statistics-admin.controller';
import { HomepageStatisticsController } from './homepage/homepage-statistics.controller';
import { HomepageStatisticsRepository } from './homepage/homepage-statistics.repository';
import { HomepageStatisticsService } from './homepage/homepage-statistics.service';
import { FilesModule } from '../files/files.module';
import { ImpactFiles } from './impact/impact-files';
import { ImpactRenderer } from './impact/impact-renderer';
import { ImpactViews } from './impact/impact-views';
import { ImpactReportsAdminController, ImpactReportsPublicController } from './impact/impact-reports.controller';
import { ImpactReportsRepository } from './impact/impact-reports.repository';
import { ImpactReportsService } from './impact/impact-reports.service';
import { reportsEntities } from './reports.entities';
import { ExportTickets } from './statistics/export-tickets';
import { StatisticsExportService } from './statistics/statistics-export.service';
import { StatisticsController } from './statistics/statistics.controller';
import { StatisticsRepository } from './statistics/statistics.repository';
import { StatisticsService } from './statistics/statistics.service';

/** Statistics, homepage figures, food calculation, impact reports, thank-you certificates and the activity log. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(reportsEntities), FilesModule],
  controllers: [
    HomepageStatisticsController,
    HomepageStatisticsAdminController,
    FoodCalculationController,
    ImpactReportsAdminController,
    ImpactReportsPublicController,
    StatisticsController,
    ActivityLogsController,
    CertificatesAdminController,
    CertificateVerifyController,
  ],
  providers: [
    { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
    HomepageStatisticsService,
    HomepageStatisticsRepository,
    FoodCalculationRepository,
    FoodCalculationService,
    StatisticsRepository,
    StatisticsService,
    StatisticsExportService,
    ExportTickets,
    ImpactReportsRepository,
    ImpactReportsService,
    ImpactFiles,
    ImpactRenderer,
    ImpactViews,
    CertificatesRepository,
    CertificatesService,
  ],
  // CertificatesService: the host's page (requests) issues a request's certificate through it.
  exports: [HomepageStatisticsService, StatisticsService, ImpactReportsService, ExportTickets, CertificatesService],
})
export class ReportsModule {}
