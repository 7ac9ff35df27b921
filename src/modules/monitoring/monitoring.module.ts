import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { MetricsController } from './metrics.controller';
import { MetricsRegistry } from './metrics-registry';
import { MetricsService } from './metrics.service';
import { SharedFiguresReader } from './shared-figures';

/**
 * GET /metrics for Prometheus, in the api process, only when METRICS_TOKEN is set: without it the
 * route does not exist (a 404 like any unknown path) and nothing is measured.
 */
@Module({})
export class MonitoringModule {
  static register(config: AppConfig): DynamicModule {
    if (!config.metricsToken) return { module: MonitoringModule };
    return {
      module: MonitoringModule,
      controllers: [MetricsController],
      providers: [{ provide: MetricsRegistry, useFactory: () => new MetricsRegistry() }, MetricsService, SharedFiguresReader],
      exports: [MetricsRegistry],
    };
  }
}
