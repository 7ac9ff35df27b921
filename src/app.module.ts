import { DynamicModule, Module, Type } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { Logger } from 'pino';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { Clock } from './common/clock/clock';
import { CoreModule } from './common/core.module';
import { QueuesModule } from './common/queues/queues.module';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { RedisModule } from './common/redis/redis.module';
import { databaseModule } from './database/database.module';
import { SharedServicesModule } from './database/shared-services.module';
import { ApiDocsModule } from './modules/api-docs/api-docs.module';
import { ContentModule } from './modules/content/content.module';
import { FilesModule } from './modules/files/files.module';
import { HealthModule } from './modules/health/health.module';
import { LocationsModule } from './modules/locations/locations.module';
import { MessagingModule } from './modules/messaging/messaging.module';
import { MonitoringModule } from './modules/monitoring/monitoring.module';
import { ReportsModule } from './modules/reports/reports.module';
import { RequestsModule } from './modules/requests/requests.module';
import { PickupsModule } from './modules/requests/pickups/pickups.module';
import { SecurityModule } from './modules/security/security.module';
import { SystemModule } from './modules/system/system.module';
import { VolunteersModule } from './modules/volunteers/volunteers.module';

export interface AppModuleOptions {
  config: AppConfig;
  logger: Logger;
  /** Serve HTTP (api process). */
  http: boolean;
  /** Run queue processors and schedules (worker process, or both in one process by default). */
  worker: boolean;
  /** Tests pass a FakeClock. */
  clock?: Clock;
  /** Tests add small probe modules (routes that exercise the guard, pipes and limiter). */
  extraModules?: Type[];
}

/** The whole application; the api and the worker are the same modules with different switches. */
@Module({})
export class AppModule {
  static register(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(options.config),
        CoreModule.register(options.logger, options.clock),
        databaseModule(options.config, options.logger),
        SharedServicesModule,
        RedisModule,
        QueuesModule,
        ...(options.http ? [RateLimitModule] : []),
        ...(options.worker ? [ScheduleModule.forRoot()] : []),
        SystemModule,
        HealthModule,
        SecurityModule,
        ReportsModule,
        MessagingModule.register({ worker: options.worker }),
        RequestsModule,
        PickupsModule,
        VolunteersModule,
        LocationsModule,
        ContentModule,
        FilesModule,
        ...(options.http ? [MonitoringModule.register(options.config), ApiDocsModule] : []),
        ...(options.extraModules ?? []),
      ],
    };
  }
}
