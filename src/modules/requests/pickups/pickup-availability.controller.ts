import { Controller, Get, Query } from '@nestjs/common';
import { Public } from '../../../common/auth/public.decorator';
import { DomainException } from '../../../common/errors/domain.exception';
import { RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import type { PickupAvailabilityDay } from '../../../shared/api/pickups';
import { AVAILABILITY_MAX_DAYS, PICKUP_MESSAGES, readDateParam } from '../../../shared/pickups';
import { PickupCapacityService } from './pickup-capacity.service';
import { ApiBadInput, ApiOk, ApiSection } from '../../../common/openapi/api-answers';

/** The public form's calendar: which dates are full (decisions.md "Pickup capacity"). */
@ApiSection('pickups')
@Controller('pickup-availability')
export class PickupAvailabilityController {
  constructor(private readonly capacity: PickupCapacityService) {}

  /** `?from=YYYY-MM-DD&days=N` (N from 1 to 60): `[{ date, full }]`. */
  @Public()
  @RateLimit('publicReads')
  @Get()
  @ApiOk('الأيام المكتملة في تقويم النموذج [{ date, full }]')
  @ApiBadInput()
  availability(@Query('from') from: unknown, @Query('days') days: unknown): Promise<PickupAvailabilityDay[]> {
    const date = readDateParam(from);
    if (!date) throw DomainException.validation({ from: PICKUP_MESSAGES.date }, PICKUP_MESSAGES.date);
    const n = typeof days === 'string' && /^\d{1,2}$/.test(days) ? Number(days) : NaN;
    if (!(n >= 1 && n <= AVAILABILITY_MAX_DAYS)) throw DomainException.validation({ days: PICKUP_MESSAGES.days }, PICKUP_MESSAGES.days);
    return this.capacity.availability(date, n);
  }
}
