import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentModule } from '../content/content.module';
import { PublicRequestsController } from './public/public-requests.controller';
import { PublicRequestsService } from './public/public-requests.service';
import { PublicRequestsRepository } from './public/public-requests.repository';
import { IdempotencyKeysRepository } from './public/idempotency-keys.repository';
import { RequestIdempotency } from './public/request-idempotency';
import { requestsEntities } from './requests.entities';
import { RequestStatusController } from './request-status.controller';
import { RequestStatusService } from './request-status.service';
import { RequestStatusRepository } from './request-status.repository';
import { ActiveRequestsRepository } from './active-requests.repository';
import { ACTIVE_REQUEST_LOOKUP } from '../messaging/quick-messages/active-request-lookup';
import { RequestsAdminController } from './admin/requests-admin.controller';
import { RequestsAdminRepository } from './admin/requests-admin.repository';
import { RequestsAdminService } from './admin/requests-admin.service';

/** Collection requests, their deletion archive and deletion confirmations. */
// Global only for what it exports: messaging's lookup of a sender's active request (no import cycle).
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(requestsEntities), ContentModule],
  controllers: [PublicRequestsController, RequestStatusController, RequestsAdminController],
  providers: [
    PublicRequestsService,
    PublicRequestsRepository,
    IdempotencyKeysRepository,
    RequestIdempotency,
    RequestStatusService,
    RequestStatusRepository,
    RequestsAdminService,
    RequestsAdminRepository,
    ActiveRequestsRepository,
    { provide: ACTIVE_REQUEST_LOOKUP, useExisting: ActiveRequestsRepository },
  ],
  exports: [ACTIVE_REQUEST_LOOKUP],
})
export class RequestsModule {}
