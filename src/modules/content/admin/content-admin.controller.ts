import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { idParam } from '../../../common/http/id-param.pipe';
import type { DropdownLists, ImportantPlace } from '../../../shared/api/content-admin';
import { ContentAdminService } from './content-admin.service';
import { DropdownListsDto, SaveContentDto } from './content-admin.dto';
import { PlaceDto, UpdatePlaceDto } from './important-places.dto';
import { ImportantPlacesService } from './important-places.service';
import { ApiBadInput, ApiCreated, ApiErrors, ApiNotFound, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { ImportantPlaceErrors } from './important-places-errors';

const placeId = idParam('رقم المكان غير صحيح');

/** Content edit, dropdown lists and important places (admin session on every route). */
@ApiSection('content')
@Controller()
export class ContentAdminController {
  constructor(
    private readonly content: ContentAdminService,
    private readonly importantPlaces: ImportantPlacesService,
  ) {}

  @Post('content')
  @HttpCode(200)
  @ApiOk('حُفظ نص الموقع')
  @ApiBadInput()
  save(@Body() body: SaveContentDto) {
    return this.content.saveContent(body.key, body.value, body.type ?? 'text');
  }

  @Get('admin/dropdown-options')
  @ApiOk('قائمتا أنواع المناسبات وأنواع الطعام { eventTypes, foodTypes }')
  lists(): Promise<DropdownLists> {
    return this.content.lists();
  }

  @Put('admin/dropdown-options')
  @ApiOk('حُفظت القائمتان (الخيارات المحذوفة تُعطَّل ولا تُمسح)')
  @ApiBadInput()
  saveLists(@Body() body: DropdownListsDto) {
    return this.content.saveLists(body);
  }

  @Get('admin/important-places')
  @ApiOk('الأماكن المهمة بمجموعاتها ومواقعها')
  places(): Promise<ImportantPlace[]> {
    return this.importantPlaces.places();
  }

  @Post('admin/important-places')
  @ApiCreated('أُضيف المكان')
  @ApiBadInput()
  @ApiErrors(errorsOf(ImportantPlaceErrors, 'CONFLICT'))
  addPlace(@Body() body: PlaceDto) {
    return this.importantPlaces.addPlace(body);
  }

  @Put('admin/important-places/:id')
  @ApiOk('عُدّل المكان')
  @ApiNotFound()
  updatePlace(@Param('id', placeId) id: number, @Body() body: UpdatePlaceDto) {
    return this.importantPlaces.updatePlace(id, body);
  }

  @Delete('admin/important-places/:id')
  @ApiOk('حُذف المكان')
  @ApiNotFound()
  deletePlace(@Param('id', placeId) id: number) {
    return this.importantPlaces.deletePlace(id);
  }
}
