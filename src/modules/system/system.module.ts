import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { systemEntities } from './system.entities';
import { HealthController } from './health.controller';
import { HealthService } from './health.service';
import { HealthRepository } from './health.repository';
import { SiteStatusService } from './site-status.service';
import { SystemAdminController } from './system-admin.controller';
import { SystemAdminRepository } from './system-admin.repository';
import { SystemAdminService } from './system-admin.service';
import { SystemPublicController } from './system.public.controller';
import { SystemSettingsRepository } from './system-settings.repository';
import { SystemSettingsService } from './system-settings.service';

/** system_settings, the site-block switch and the health check. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(systemEntities)],
  controllers: [HealthController, SystemPublicController, SystemAdminController],
  providers: [
    SystemSettingsService,
    SystemSettingsRepository,
    SiteStatusService,
    HealthService,
    HealthRepository,
    SystemAdminService,
    SystemAdminRepository,
  ],
  exports: [SystemSettingsService, SiteStatusService],
})
export class SystemModule {}
