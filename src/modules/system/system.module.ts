import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { systemEntities } from './system.entities';
import { SiteStatusService } from './site-status.service';
import { SystemAdminController } from './system-admin.controller';
import { SystemAdminRepository } from './system-admin.repository';
import { SystemAdminService } from './system-admin.service';
import { SystemPublicController } from './system.public.controller';
import { SystemSettingsRepository } from './system-settings.repository';
import { SystemSettingsService } from './system-settings.service';

/** system_settings and the site-block switch. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(systemEntities)],
  controllers: [SystemPublicController, SystemAdminController],
  providers: [SystemSettingsService, SystemSettingsRepository, SiteStatusService, SystemAdminService, SystemAdminRepository],
  exports: [SystemSettingsService, SiteStatusService],
})
export class SystemModule {}
