import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { locationsEntities } from './locations.entities';
import { PublicLocationsController } from './public/public-locations.controller';
import { PublicLocationsService } from './public/public-locations.service';

/** Areas, districts, streets and important places for the request form. */
@Module({
  imports: [TypeOrmModule.forFeature(locationsEntities)],
  controllers: [PublicLocationsController],
  providers: [PublicLocationsService],
  exports: [PublicLocationsService],
})
export class LocationsModule {}
