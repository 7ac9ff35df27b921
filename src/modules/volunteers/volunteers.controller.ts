import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAdmin, type AdminPrincipal } from '../../common/auth/current-admin.decorator';
import { idParam } from '../../common/http/id-param.pipe';
import { idsFilter, parseListQuery, sendPage, type RawListParams } from '../../common/http/list-query';
import { ReqMeta, type RequestMeta } from '../../common/http/request-meta';
import { ApiBadInput, ApiCreated, ApiErrors, ApiList, ApiNotFound, ApiOk, ApiSection, errorsOf } from '../../common/openapi/api-answers';
import type { VolunteerRow } from '../../shared/api/volunteers';
import { VolunteerDto, VOLUNTEERS_LIST } from './volunteers.dto';
import { VolunteerErrors } from './volunteers-errors';
import { VolunteersService } from './volunteers.service';
import { volunteerSearch } from './volunteer-search';

const ID = 'رقم المتطوع غير صحيح';

/** The react-admin resource «المتطوعون» (admin session on every route, by the default-deny guard). */
@ApiSection('volunteers')
@Controller('admin/volunteers')
export class VolunteersController {
  constructor(private readonly volunteers: VolunteersService) {}

  @Get()
  @ApiList('المتطوعون مع استلامات الشهر وكيلوجراماته (بحث بالاسم أو الرقم، وتصفية بالتفعيل والمنطقة)')
  async list(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<VolunteerRow[]> {
    const query = parseListQuery(VOLUNTEERS_LIST, params);
    const search = { ...volunteerSearch(query.filter), ids: idsFilter(query.filter.id, ID) };
    return sendPage(
      reply,
      VOLUNTEERS_LIST,
      query,
      await this.volunteers.list({ search, sort: query.sort, skip: query.skip, take: query.take }),
    );
  }

  @Get(':id')
  @ApiOk('المتطوع')
  @ApiNotFound()
  one(@Param('id', idParam(ID)) id: number): Promise<VolunteerRow> {
    return this.volunteers.one(id);
  }

  @Post()
  @ApiCreated('أُضيف المتطوع وسُجّلت موافقته على رسائل واتساب')
  @ApiBadInput()
  create(
    @Body() body: VolunteerDto,
    @CurrentAdmin() admin: AdminPrincipal | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<VolunteerRow> {
    return this.volunteers.create(body, admin, meta);
  }

  @Put(':id')
  @ApiOk('عُدّلت بيانات المتطوع (ومنها إيقاف تفعيله)')
  @ApiNotFound()
  update(
    @Param('id', idParam(ID)) id: number,
    @Body() body: VolunteerDto,
    @CurrentAdmin() admin: AdminPrincipal | undefined,
    @ReqMeta() meta: RequestMeta,
  ): Promise<VolunteerRow> {
    return this.volunteers.update(id, body, admin, meta);
  }

  @Post(':id/new-link')
  @HttpCode(200)
  @ApiOk('رابط جديد لصفحة المتطوع: يتوقف السابق فوراً ويُرسل الجديد على واتساب')
  @ApiNotFound()
  @ApiErrors(errorsOf(VolunteerErrors, 'VOLUNTEER_INACTIVE'))
  newLink(
    @Param('id', idParam(ID)) id: number,
    @CurrentAdmin() admin: AdminPrincipal | undefined,
  ): Promise<{ url: string; message: string }> {
    return this.volunteers.newLink(id, admin);
  }

  @Delete(':id')
  @ApiOk('حُذف المتطوع (من لا استلامات له فقط)')
  @ApiNotFound()
  @ApiErrors(errorsOf(VolunteerErrors, 'VOLUNTEER_HAS_HISTORY'))
  remove(@Param('id', idParam(ID)) id: number, @CurrentAdmin() admin: AdminPrincipal | undefined) {
    return this.volunteers.remove(id, admin);
  }
}
