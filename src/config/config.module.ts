import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_CONFIG } from './app-config';
import type { AppConfig } from './app-config';

/** Makes the one validated configuration object injectable everywhere (@Inject(APP_CONFIG)). */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: APP_CONFIG, useValue: config }], exports: [APP_CONFIG] };
  }
}
