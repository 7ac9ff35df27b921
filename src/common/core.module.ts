import { DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock, SystemClock } from './clock/clock';
import { APP_LOGGER } from './logging/logger';

/** The process-wide pieces every module may inject: the logger and the clock. */
@Global()
@Module({})
export class CoreModule {
  static register(logger: Logger, clock?: Clock): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_LOGGER, useValue: logger },
        clock ? { provide: Clock, useValue: clock } : { provide: Clock, useClass: SystemClock },
      ],
      exports: [APP_LOGGER, Clock],
    };
  }
}
