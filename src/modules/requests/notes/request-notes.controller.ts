import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { ReqMeta, type RequestMeta } from '../../../common/http/request-meta';
import type { RequestNote } from '../../../shared/api/requests';
import { requestIdPipe } from '../request-id.pipe';
import { AddRequestNoteDto } from './request-notes.dto';
import { RequestNotesService } from './request-notes.service';
import { ApiBadInput, ApiCreated, ApiNotFound, ApiOk, ApiSection } from '../../../common/openapi/api-answers';

/** A request's internal notes (administrators only; never sent to the host). */
@ApiSection('requests')
@Controller('requests')
export class RequestNotesController {
  constructor(private readonly notes: RequestNotesService) {}

  @Get(':id/notes')
  @ApiOk('ملاحظات الطلب الداخلية (لا تصل إلى صاحب الطلب)')
  @ApiBadInput()
  list(@Param('id', requestIdPipe) id: number): Promise<RequestNote[]> {
    return this.notes.list(id);
  }

  @Post(':id/notes')
  @ApiCreated('أُضيفت الملاحظة')
  @ApiNotFound()
  add(
    @Param('id', requestIdPipe) id: number,
    @Body() body: AddRequestNoteDto,
    @CurrentAdmin() admin: AdminPrincipal,
    @ReqMeta() meta: RequestMeta,
  ): Promise<RequestNote> {
    return this.notes.add(id, body.text, admin, meta);
  }
}
