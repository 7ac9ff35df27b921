import { Body, Controller, Get, Put } from '@nestjs/common';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { ReqMeta, type RequestMeta } from '../../../common/http/request-meta';
import { FoodCalculationService } from './food-calculation.service';
import { ApiBadInput, ApiOk, ApiSection } from '../../../common/openapi/api-answers';

@ApiSection('reports')
@Controller('admin/food-calculation-settings')
export class FoodCalculationController {
  constructor(private readonly food: FoodCalculationService) {}

  @Get()
  @ApiOk('إعدادات حساب الطعام')
  get() {
    return this.food.get();
  }

  @Put()
  @ApiOk('حُفظت الإعدادات (وتُحذف الإحصاءات المخزنة)')
  @ApiBadInput()
  save(@Body() body: Record<string, unknown>, @ReqMeta() meta: RequestMeta, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.food.save(body && typeof body === 'object' ? body : {}, admin, meta);
  }
}
