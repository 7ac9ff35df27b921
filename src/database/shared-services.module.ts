import { Global, Module } from '@nestjs/common';
import { ActivityLogService } from './activity-log/activity-log.service';
import { ActivityLogsRepository } from './activity-log/activity-logs.repository';
import { UnitOfWork } from './unit-of-work';

/**
 * The services every module uses, on the ground floor so no module imports another for them: the unit
 * of work (its outbox comes from messaging through `OutboxWriter`) and the activity log.
 */
@Global()
@Module({
  providers: [UnitOfWork, ActivityLogService, ActivityLogsRepository],
  exports: [UnitOfWork, ActivityLogService],
})
export class SharedServicesModule {}
