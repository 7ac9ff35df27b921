import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { idParam } from '../../../common/http/id-param.pipe';
import { parseListQuery, sendPage } from '../../../common/http/list-query';
import type { RawListParams } from '../../../common/http/list-query';
import type { QuickMessageItem, QuickMessageStats } from '../../../shared/api/quick-messages';
import { ChangeQuickMessageDto, DeleteQuickMessagesDto, QUICK_MESSAGES_LIST, ReplyDto } from './quick-messages-admin.dto';
import { QuickMessagesAdminService } from './quick-messages-admin.service';
import { ApiBadInput, ApiErrors, ApiList, ApiNotFound, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { QuickMessagesAdminErrors } from './quick-messages-admin-errors';

const idPipe = idParam('رقم الرسالة غير صحيح');

/** Quick messages for administrators (admin session on every route, by the default-deny guard). */
@ApiSection('messaging')
@Controller('admin/quick-messages')
export class QuickMessagesAdminController {
  constructor(private readonly quickMessages: QuickMessagesAdminService) {}

  @Get()
  @ApiList('الرسائل السريعة (تبدأ بغير المُجاب عنها)')
  async list(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<QuickMessageItem[]> {
    const query = parseListQuery(QUICK_MESSAGES_LIST, params);
    return sendPage(reply, QUICK_MESSAGES_LIST, query, await this.quickMessages.list(query));
  }

  @Get('stats')
  @ApiOk('عدد الرسائل غير المُجاب عنها وغيرها')
  stats(): Promise<QuickMessageStats> {
    return this.quickMessages.stats();
  }

  @Get(':id')
  @ApiOk('الرسالة السريعة')
  @ApiNotFound()
  one(@Param('id', idPipe) id: number): Promise<QuickMessageItem> {
    return this.quickMessages.one(id);
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiOk('أُعيد إرسال الرسالة')
  @ApiNotFound()
  @ApiErrors(errorsOf(QuickMessagesAdminErrors, 'NOT_FAILED', 'INVALID_PHONE'))
  retry(@Param('id', idPipe) id: number) {
    return this.quickMessages.retry(id);
  }

  @Delete()
  @ApiOk('حُذفت الرسائل المحددة')
  @ApiBadInput()
  remove(@Body() body: DeleteQuickMessagesDto) {
    return this.quickMessages.remove(body.ids);
  }

  @Patch(':id')
  @ApiOk('تغيّرت حالة الرد أو الطلب المرتبط')
  @ApiNotFound()
  change(@Param('id', idPipe) id: number, @Body() body: ChangeQuickMessageDto) {
    return this.quickMessages.change(id, body);
  }

  @Post(':id/reply')
  @HttpCode(200)
  @ApiOk('أُرسل الرد عبر واتساب')
  @ApiNotFound()
  @ApiErrors(errorsOf(QuickMessagesAdminErrors, 'INVALID_PHONE'))
  reply(@Param('id', idPipe) id: number, @Body() body: ReplyDto) {
    return this.quickMessages.reply(id, body.reply);
  }
}
