import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { idParam } from '../../../common/http/id-param.pipe';
import type { AdminLocations } from '../../../shared/api/content-admin';
import { AddDistrictDto } from './locations-admin.dto';
import { LocationsAdminService } from './locations-admin.service';
import { ApiBadInput, ApiCreated, ApiNotFound, ApiOk, ApiSection } from '../../../common/openapi/api-answers';

/** Areas and districts for administrators (admin session on every route). */
@ApiSection('locations')
@Controller('admin/simple-locations')
export class LocationsAdminController {
  constructor(private readonly locations: LocationsAdminService) {}

  @Get()
  @ApiOk('المناطق وأحياؤها للمشرف')
  all(): Promise<AdminLocations> {
    return this.locations.all();
  }

  @Post('districts')
  @ApiCreated('أُضيف الحي تحت المنطقة')
  @ApiBadInput()
  add(@Body() body: AddDistrictDto) {
    return this.locations.addDistrict(body.name, body.areaValue);
  }

  @Delete('districts/:id')
  @ApiOk('حُذف الحي')
  @ApiNotFound()
  remove(@Param('id', idParam('رقم الحي غير صحيح')) id: number) {
    return this.locations.deleteDistrict(id);
  }
}
