import { Controller, Get } from '@nestjs/common';
import { Public } from '../../../common/auth/public.decorator';
import { PublicLocationsService, SimpleLocationOptions } from './public-locations.service';
import { ApiOk, ApiSection } from '../../../common/openapi/api-answers';

@ApiSection('locations')
@Controller()
export class PublicLocationsController {
  constructor(private readonly locations: PublicLocationsService) {}

  /** Active areas [{ name, value }] and districts [{ id, name, value, areaValue }]. */
  @Public()
  @Get('simple-location-options')
  @ApiOk('المناطق والأحياء النشطة للنموذج العام')
  simpleOptions(): Promise<SimpleLocationOptions> {
    return this.locations.simpleOptions();
  }
}
