import { CertificateEntity } from './entities/certificate.entity';
import { FoodCalculationSettingsEntity } from './entities/food-calculation-settings.entity';
import { ImpactReportEntity } from './entities/impact-report.entity';
import { ManualHomepageStatisticsEntity } from './entities/manual-homepage-statistics.entity';
import { StatisticEntity } from './entities/statistic.entity';

export const reportsEntities = [
  StatisticEntity,
  ManualHomepageStatisticsEntity,
  FoodCalculationSettingsEntity,
  ImpactReportEntity,
  CertificateEntity,
];
