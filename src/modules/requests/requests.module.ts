import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentModule } from '../content/content.module';
import { PublicRequestsController } from './public/public-requests.controller';
import { PublicRequestsService } from './public/public-requests.service';
import { RequestCreationRepository } from './creation/request-creation.repository';
import { RequestCreationService } from './creation/request-creation.service';
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
import { SelfServiceController } from './self-service/self-service.controller';
import { SelfServiceLinks } from './self-service/self-service-links';
import { SelfServiceRepository } from './self-service/self-service.repository';
import { SelfServiceService } from './self-service/self-service.service';
import { RequestStatusLookupRepository } from './self-service/request-status-lookup.repository';
import { REQUEST_STATUS_LOOKUP } from '../messaging/webhooks/request-status-lookup';

import { DeletedRequestsController } from './archive/deleted-requests.controller';
import { DeletedRequestsRepository } from './archive/deleted-requests.repository';
import { DeletedRequestsService } from './archive/deleted-requests.service';
import { RequestsExportController } from './export/requests-export.controller';
import { RequestsExportRepository } from './export/requests-export.repository';
import { RequestsExportService } from './export/requests-export.service';
import { RequestNotesController } from './notes/request-notes.controller';
import { RequestNotesRepository } from './notes/request-notes.repository';
import { RequestNotesService } from './notes/request-notes.service';

/** Collection requests, the host's own page, their notes, export, deletion archive (and restore) and deletion confirmations. */
// Global only for what it exports: messaging's lookups of a sender's requests (no import cycle), and the
// status change the volunteer's page makes.
@Global()
@Module({
  imports: [TypeOrmModule.forFeature(requestsEntities), ContentModule],
  controllers: [
    PublicRequestsController,
    RequestStatusController,
    RequestsAdminController,
    RequestNotesController,
    RequestsExportController,
    DeletedRequestsController,
    SelfServiceController,
  ],
  providers: [
    PublicRequestsService,
    RequestCreationRepository,
    RequestCreationService,
    IdempotencyKeysRepository,
    RequestIdempotency,
    RequestStatusService,
    RequestStatusRepository,
    RequestsAdminService,
    RequestsAdminRepository,
    RequestNotesService,
    RequestNotesRepository,
    RequestsExportService,
    RequestsExportRepository,
    DeletedRequestsService,
    DeletedRequestsRepository,
    ActiveRequestsRepository,
    { provide: ACTIVE_REQUEST_LOOKUP, useExisting: ActiveRequestsRepository },
    SelfServiceLinks,
    SelfServiceRepository,
    SelfServiceService,
    RequestStatusLookupRepository,
    { provide: REQUEST_STATUS_LOOKUP, useExisting: RequestStatusLookupRepository },
  ],
  exports: [ACTIVE_REQUEST_LOOKUP, REQUEST_STATUS_LOOKUP, RequestStatusService, RequestStatusRepository],
})
export class RequestsModule {}
