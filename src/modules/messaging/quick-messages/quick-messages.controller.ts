import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Public } from '../../../common/auth/public.decorator';
import { ReqMeta } from '../../../common/http/request-meta';
import type { RequestMeta } from '../../../common/http/request-meta';
import { RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import { CreateQuickMessageDto } from './create-quick-message.dto';
import { CreatedQuickMessage, QuickMessagesService } from './quick-messages.service';
import { ApiBadInput, ApiCreated, ApiErrors, ApiSection, CommonErrors } from '../../../common/openapi/api-answers';

@ApiSection('messaging')
@Controller('quick-messages')
export class QuickMessagesController {
  constructor(private readonly quickMessages: QuickMessagesService) {}

  /** A visitor's inquiry: 201 { id, status: 'pending', inquiryType, inquirySubject, message }. */
  @Public()
  @RateLimit('quickMessages')
  @Post()
  @HttpCode(201)
  @ApiCreated('استُلمت الرسالة: { id, status: pending, inquiryType, inquirySubject, message }')
  @ApiBadInput()
  @ApiErrors(CommonErrors.SITE_BLOCKED)
  create(@Body() body: CreateQuickMessageDto, @ReqMeta() meta: RequestMeta): Promise<CreatedQuickMessage> {
    return this.quickMessages.create(body, meta);
  }
}
