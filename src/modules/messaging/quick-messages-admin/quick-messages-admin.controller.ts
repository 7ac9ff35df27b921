import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { idParam, MAX_ID } from '../../../common/http/id-param.pipe';
import { parseListQuery, sendPage } from '../../../common/http/list-query';
import type { ListSpec, RawListParams } from '../../../common/http/list-query';
import type { QuickMessageChange, QuickMessageItem, QuickMessageStats } from '../../../shared/api/quick-messages';
import { QUICK_MESSAGE_FILTERABLE, QUICK_MESSAGE_SORTABLE } from './quick-messages-admin.repository';
import type { QuickMessageFilterField, QuickMessageSortField } from './quick-messages-admin.repository';
import { QuickMessagesAdminService } from './quick-messages-admin.service';
import { ApiBadInput, ApiErrors, ApiList, ApiNotFound, ApiOk, ApiSection, apiError } from '../../../common/openapi/api-answers';

const LIST: ListSpec<QuickMessageSortField, QuickMessageFilterField> = {
  resource: 'quick-messages',
  sortable: QUICK_MESSAGE_SORTABLE,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filterable: QUICK_MESSAGE_FILTERABLE,
};

export class DeleteQuickMessagesDto {
  @Min(1, { each: true, message: 'أرقام الرسائل يجب أن تكون أعداداً صحيحة' })
  @IsInt({ each: true, message: 'أرقام الرسائل يجب أن تكون أعداداً صحيحة' })
  @ArrayMaxSize(1000, { message: 'لا يمكن حذف أكثر من 1000 رسالة في المرة الواحدة' })
  @ArrayMinSize(1, { message: 'اختر رسالة واحدة على الأقل' })
  @IsArray({ message: 'قائمة الرسائل المحددة مطلوبة' })
  ids: number[];
}

export class ReplyDto {
  @MaxLength(1000, { message: 'نص الرد يجب ألا يتجاوز 1000 حرف' })
  @IsNotEmpty({ message: 'نص الرد مطلوب' })
  @IsString({ message: 'نص الرد مطلوب' })
  reply: string;
}

export class ChangeQuickMessageDto implements QuickMessageChange {
  @IsOptional()
  @IsBoolean({ message: 'حالة الرد يجب أن تكون true أو false' })
  answered?: boolean;

  /** null unlinks. */
  @IsOptional()
  @Max(MAX_ID, { message: 'رقم الطلب غير صحيح' })
  @Min(1, { message: 'رقم الطلب غير صحيح' })
  @IsInt({ message: 'رقم الطلب غير صحيح' })
  requestId?: number | null;
}

const idPipe = idParam('رقم الرسالة غير صحيح');

/** Quick messages for administrators (admin session on every route, by the default-deny guard). */
@ApiSection('messaging')
@Controller('admin/quick-messages')
export class QuickMessagesAdminController {
  constructor(private readonly quickMessages: QuickMessagesAdminService) {}

  @Get()
  @ApiList('الرسائل السريعة (تبدأ بغير المُجاب عنها)')
  async list(@Query() params: RawListParams, @Res({ passthrough: true }) reply: FastifyReply): Promise<QuickMessageItem[]> {
    const query = parseListQuery(LIST, params);
    return sendPage(reply, LIST, query, await this.quickMessages.list(query));
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
  @ApiErrors(
    apiError(409, 'NOT_FAILED', 'لا يمكن إعادة إرسال رسالة لم يفشل إرسالها'),
    apiError(422, 'INVALID_PHONE', 'رقم جوال المرسل غير صالح للإرسال عبر واتساب'),
  )
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
  @ApiErrors(apiError(422, 'INVALID_PHONE', 'رقم جوال المرسل غير صالح للإرسال عبر واتساب'))
  reply(@Param('id', idPipe) id: number, @Body() body: ReplyDto) {
    return this.quickMessages.reply(id, body.reply);
  }
}
