import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PublicRequestsController } from './public/public-requests.controller';
import { PublicRequestsService } from './public/public-requests.service';
import { requestsEntities } from './requests.entities';
import { RequestStatusController } from './request-status.controller';
import { RequestStatusService } from './request-status.service';
import { RequestsAdminController } from './admin/requests-admin.controller';
import { RequestsAdminRepository } from './admin/requests-admin.repository';
import { RequestsAdminService } from './admin/requests-admin.service';

/** Collection requests, their deletion archive and deletion confirmations. */
@Module({
  imports: [TypeOrmModule.forFeature(requestsEntities)],
  controllers: [PublicRequestsController, RequestStatusController, RequestsAdminController],
  providers: [PublicRequestsService, RequestStatusService, RequestsAdminService, RequestsAdminRepository],
})
export class RequestsModule {}
