import { Global, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { QUEUES } from './queues';
import { reconnectDelayMs } from '../redis/redis-options';

/**
 * BullMQ queues (producers) on Redis. Producers fail fast while Redis is down (no offline queue) so a
 * request never hangs: the outbox rows are already committed and the sweeper delivers them later.
 * Workers do not use these options: each opens its own connection (see DeliveryWorker for why).
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: { url: config.redisUrl!, maxRetriesPerRequest: null, retryStrategy: reconnectDelayMs },
        prefix: `${config.redisPrefix}:bull`,
      }),
    }),
    ...Object.values(QUEUES).map((name) =>
      BullModule.registerQueueAsync({
        name,
        inject: [APP_CONFIG],
        useFactory: (config: AppConfig) => ({
          connection: { url: config.redisUrl!, enableOfflineQueue: false, connectTimeout: 2000, retryStrategy: reconnectDelayMs },
          prefix: `${config.redisPrefix}:bull`,
          // Jobs are removed at once, so an attempt's id (its idempotency key) can be queued again
          // when it is due for a retry; the database keeps the history.
          defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
        }),
      }),
    ),
  ],
  exports: [BullModule],
})
export class QueuesModule {}
