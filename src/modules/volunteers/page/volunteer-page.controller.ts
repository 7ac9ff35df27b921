import { Body, Controller, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { Public } from '../../../common/auth/public.decorator';
import { idParam } from '../../../common/http/id-param.pipe';
import { ReqMeta, type RequestMeta } from '../../../common/http/request-meta';
import { ApiBadInput, ApiErrors, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import type { VolunteerPage, VolunteerPickup } from '../../../shared/api/volunteers';
import { CollectedDto, NotCollectedDto } from './volunteer-page.dto';
import { VolunteerPageErrors } from './volunteer-page-errors';
import { VolunteerPageService } from './volunteer-page.service';

const REQUEST_ID = 'رقم الطلب غير صحيح';
const ACTION_ERRORS = errorsOf(VolunteerPageErrors, 'LINK_NOT_FOUND', 'NOT_YOUR_PICKUP', 'PICKUP_CLOSED');

/** The volunteer's own page (public, by their unguessable link; limited per address and per link before anything is read). */
@ApiSection('volunteers')
@Controller('volunteer')
@RateLimit('volunteerPage', 'volunteerLink')
export class VolunteerPageController {
  constructor(private readonly page: VolunteerPageService) {}

  @Public()
  @Get(':token')
  @Header('Cache-Control', 'no-store')
  @ApiOk('صفحة المتطوع: استلاماته من الأمس فصاعداً بترتيب آخر موعد')
  @ApiErrors(errorsOf(VolunteerPageErrors, 'LINK_NOT_FOUND'))
  view(@Param('token') token: string): Promise<VolunteerPage> {
    return this.page.page(token);
  }

  @Public()
  @Post(':token/pickups/:requestId/on-the-way')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOk('المتطوع في الطريق (يُخبَر صاحب الطلب باسمه الأول)')
  @ApiErrors(ACTION_ERRORS)
  onTheWay(@Param('token') token: string, @Param('requestId', idParam(REQUEST_ID)) requestId: number): Promise<VolunteerPickup> {
    return this.page.onTheWay(token, requestId);
  }

  @Public()
  @Post(':token/pickups/:requestId/collected')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOk('تم الاستلام: اكتمل الطلب بالوزن الفعلي')
  @ApiBadInput()
  @ApiErrors(ACTION_ERRORS)
  collected(
    @Param('token') token: string,
    @Param('requestId', idParam(REQUEST_ID)) requestId: number,
    @Body() body: CollectedDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<VolunteerPickup> {
    return this.page.collected(token, requestId, body, meta);
  }

  @Public()
  @Post(':token/pickups/:requestId/not-collected')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOk('لم يتم الاستلام: أُلغي الطلب بالسبب وأُخبر المشرفون')
  @ApiBadInput()
  @ApiErrors(ACTION_ERRORS)
  notCollected(
    @Param('token') token: string,
    @Param('requestId', idParam(REQUEST_ID)) requestId: number,
    @Body() body: NotCollectedDto,
    @ReqMeta() meta: RequestMeta,
  ): Promise<VolunteerPickup> {
    return this.page.notCollected(token, requestId, body, meta);
  }
}
