import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { idParam } from '../../../common/http/id-param.pipe';
import type { DropdownLists, ImportantPlace } from '../../../shared/api/content-admin';
import { MAX_ENTRY_LENGTH, MAX_LIST_ENTRIES } from '../../../shared/dropdown-rules';
import type { ContentType } from '../entities/content-setting.entity';
import { ContentAdminService } from './content-admin.service';
import { PlaceDto, UpdatePlaceDto } from './important-places.dto';
import { ImportantPlacesService } from './important-places.service';
import { ApiBadInput, ApiCreated, ApiErrors, ApiNotFound, ApiOk, ApiSection, apiError } from '../../../common/openapi/api-answers';

export class SaveContentDto {
  @MaxLength(100, { message: 'مفتاح المحتوى غير معروف' })
  @IsNotEmpty({ message: 'مفتاح المحتوى مطلوب' })
  @IsString({ message: 'مفتاح المحتوى مطلوب' })
  key: string;

  @MaxLength(5000, { message: 'النص يجب ألا يتجاوز 5000 حرف' })
  @IsString({ message: 'القيمة يجب أن تكون نصاً' })
  value: string;

  @IsOptional()
  @IsIn(['text', 'json', 'image'], { message: 'نوع المحتوى يجب أن يكون text أو json أو image' })
  type?: ContentType;
}

export class DropdownListsDto {
  @MaxLength(MAX_ENTRY_LENGTH, { each: true, message: `الخيار يجب ألا يتجاوز ${MAX_ENTRY_LENGTH} حرف` })
  @IsString({ each: true, message: 'خيارات أنواع المناسبات يجب أن تكون نصوصاً' })
  @ArrayMaxSize(MAX_LIST_ENTRIES, { message: `لا يمكن أن تزيد القائمة على ${MAX_LIST_ENTRIES} خياراً` })
  @IsArray({ message: 'قائمة أنواع المناسبات مطلوبة' })
  eventTypes: string[];

  @MaxLength(MAX_ENTRY_LENGTH, { each: true, message: `الخيار يجب ألا يتجاوز ${MAX_ENTRY_LENGTH} حرف` })
  @IsString({ each: true, message: 'خيارات أنواع الطعام يجب أن تكون نصوصاً' })
  @ArrayMaxSize(MAX_LIST_ENTRIES, { message: `لا يمكن أن تزيد القائمة على ${MAX_LIST_ENTRIES} خياراً` })
  @IsArray({ message: 'قائمة أنواع الطعام مطلوبة' })
  foodTypes: string[];
}

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
  @ApiErrors(apiError(409, 'CONFLICT', 'تعذّر توليد رمز فريد للمكان، حاول مرة أخرى'))
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
