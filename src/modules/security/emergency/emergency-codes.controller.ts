import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentAdmin } from '../../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { idParam } from '../../../common/http/id-param.pipe';
import { parseListQuery, sendPage } from '../../../common/http/list-query';
import type { RawListParams } from '../../../common/http/list-query';
import type { EmergencyCodeRow } from '../../../shared/api/security';
import { EmergencyCodeCreateDto, EmergencyCodeUpdateDto } from '../auth/auth.dto';
import { EMERGENCY_CODES_LIST } from './emergency-codes.dto';
import { EmergencyCodesService } from './emergency-codes.service';
import { ApiBadInput, ApiCreated, ApiErrors, ApiList, ApiNotFound, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { EmergencyCodeErrors } from './emergency-code-errors';

const idPipe = idParam('رقم رمز الطوارئ غير صحيح');

/** Emergency codes (settings page panel and /admin/emergency-codes). Lists show codes masked; creation shows it once. */
@ApiSection('security')
@Controller('admin/emergency-access-codes')
export class EmergencyCodesController {
  constructor(private readonly codes: EmergencyCodesService) {}

  @Get()
  @ApiList('رموز الطوارئ (مخفية جزئياً)')
  async list(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<EmergencyCodeRow[]> {
    const query = parseListQuery(EMERGENCY_CODES_LIST, params);
    return sendPage(reply, EMERGENCY_CODES_LIST, query, await this.codes.list(query));
  }

  @Get(':id')
  @ApiOk('رمز الطوارئ (مخفي جزئياً)')
  @ApiNotFound()
  one(@Param('id', idPipe) id: number): Promise<EmergencyCodeRow> {
    return this.codes.one(id);
  }

  @Post()
  @ApiCreated('أُنشئ الرمز؛ يظهر كاملاً في هذا الجواب فقط')
  @ApiBadInput()
  @ApiErrors(errorsOf(EmergencyCodeErrors, 'CONFLICT'))
  create(@CurrentAdmin() admin: AdminPrincipal, @Body() body: EmergencyCodeCreateDto): Promise<EmergencyCodeRow> {
    return this.codes.create(body, admin.userId);
  }

  @Patch(':id')
  @ApiOk('عُدّل الرمز')
  @ApiNotFound()
  update(@Param('id', idPipe) id: number, @Body() body: EmergencyCodeUpdateDto): Promise<EmergencyCodeRow> {
    return this.codes.update(id, body);
  }

  @Delete(':id')
  @ApiOk('حُذف الرمز { success: true }')
  @ApiNotFound()
  async remove(@Param('id', idPipe) id: number): Promise<{ success: true }> {
    await this.codes.remove(id);
    return { success: true };
  }
}
