import { Body, Controller, Delete, Get, Param, ParseIntPipe, Patch, Post } from '@nestjs/common';
import { CurrentAdmin } from '../../../common/auth/current-admin.decorator';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { DomainException } from '../../../common/errors/domain.exception';
import { EmergencyCodeCreateDto, EmergencyCodeUpdateDto } from '../auth/auth.dto';
import { EmergencyCodesService, EmergencyCodeView } from './emergency-codes.service';

const idPipe = new ParseIntPipe({ exceptionFactory: () => DomainException.validation({ id: 'رقم رمز الطوارئ غير صحيح' }) });

/** The emergency codes panel of the settings page. Lists show codes masked; creation shows it once. */
@Controller('admin/emergency-access-codes')
export class EmergencyCodesController {
  constructor(private readonly codes: EmergencyCodesService) {}

  @Get()
  list(): Promise<EmergencyCodeView[]> {
    return this.codes.list();
  }

  @Post()
  create(@CurrentAdmin() admin: AdminPrincipal, @Body() body: EmergencyCodeCreateDto): Promise<EmergencyCodeView> {
    return this.codes.create(body, admin.userId);
  }

  @Patch(':id')
  update(@Param('id', idPipe) id: number, @Body() body: EmergencyCodeUpdateDto): Promise<EmergencyCodeView> {
    return this.codes.update(id, body);
  }

  @Delete(':id')
  async remove(@Param('id', idPipe) id: number): Promise<{ success: true }> {
    await this.codes.remove(id);
    return { success: true };
  }
}
