import { Module } from '@nestjs/common';
import { PickupAvailabilityController } from './pickup-availability.controller';
import { PickupCapacityService } from './pickup-capacity.service';
import { PickupCapacityController, PickupsController } from './pickups.controller';
import { PickupsRepository } from './pickups.repository';
import { PickupsService } from './pickups.service';

/**
 * The dispatcher's day: «جدول الاستلام» (a date's pickups, the strip against the capacity, the run
 * sheet), the dashboard's opening figures, and the daily capacity's setting and public availability.
 * Part of the requests domain (it reads the requests and their labels as a read model); a module of
 * its own so the desk and the day can change apart. The refusal of a full date lives in the public
 * form's transaction (public/), which owns the lock.
 */
@Module({
  controllers: [PickupsController, PickupCapacityController, PickupAvailabilityController],
  providers: [PickupsService, PickupCapacityService, PickupsRepository],
})
export class PickupsModule {}
