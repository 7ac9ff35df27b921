import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post } from '@nestjs/common';
import { IsString, MaxLength } from 'class-validator';
import { DomainException } from '../../../common/errors/domain.exception';
import type { AdminLocations } from '../../../shared/api/content-admin';
import { LocationsAdminService } from './locations-admin.service';

export class AddDistrictDto {
  @MaxLength(100, { message: 'اسم الحي يجب ألا يتجاوز 100 حرف' })
  @IsString({ message: 'يرجى إدخال اسم الحي واختيار المنطقة' })
  name: string;

  @MaxLength(100, { message: 'المنطقة غير موجودة' })
  @IsString({ message: 'يرجى إدخال اسم الحي واختيار المنطقة' })
  areaValue: string;
}

const badId = () => DomainException.validation({ id: 'رقم الحي غير صحيح' }, 'رقم الحي غير صحيح');

/** Areas and districts for administrators (admin session on every route). */
@Controller('admin/simple-locations')
export class LocationsAdminController {
  constructor(private readonly locations: LocationsAdminService) {}

  @Get()
  all(): Promise<AdminLocations> {
    return this.locations.all();
  }

  @Post('districts')
  add(@Body() body: AddDistrictDto) {
    return this.locations.addDistrict(body.name, body.areaValue);
  }

  @Delete('districts/:id')
  remove(@Param('id', new ParseIntPipe({ exceptionFactory: badId })) id: number) {
    if (id < 1 || id > 2_147_483_647) throw badId();
    return this.locations.deleteDistrict(id);
  }
}
