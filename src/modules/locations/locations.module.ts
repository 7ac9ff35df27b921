import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { locationsEntities } from './locations.entities';
import { PublicLocationsController } from './public/public-locations.controller';
import { PublicLocationsRepository } from './public/public-locations.repository';
import { PublicLocationsService } from './public/public-locations.service';
import { LocationsAdminController } from './admin/locations-admin.controller';
import { LocationsAdminRepository } from './admin/locations-admin.repository';
import { LocationsAdminService } from './admin/locations-admin.service';

/** Areas, districts, streets and important places for the request form. */
@Module({
  imports: [TypeOrmModule.forFeature(locationsEntities)],
  controllers: [PublicLocationsController, LocationsAdminController],
  providers: [PublicLocationsService, PublicLocationsRepository, LocationsAdminService, LocationsAdminRepository],
  exports: [PublicLocationsService],
})
export class LocationsModule {}
