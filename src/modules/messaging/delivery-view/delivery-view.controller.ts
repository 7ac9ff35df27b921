import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { idParam } from '../../../common/http/id-param.pipe';
import { DeliveryViewService } from './delivery-view.service';
import { ApiBadInput, ApiErrors, ApiNotFound, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { DeliveryErrors } from './delivery-errors';

/** The operator's view of WhatsApp delivery (admin session on every route). */
@ApiSection('messaging')
@Controller()
export class DeliveryViewController {
  constructor(private readonly delivery: DeliveryViewService) {}

  /** A request's messages: template, recipient, status with times, the error in Arabic. */
  @Get('requests/:id/messages')
  @ApiOk('رسائل الطلب: القالب والمستلم والحالة بأوقاتها والخطأ بالعربية')
  @ApiBadInput()
  forRequest(@Param('id', idParam('رقم الطلب غير صحيح')) id: number) {
    return this.delivery.forRequest(id);
  }

  @Get('admin/messages/failed')
  @ApiOk('الرسائل التي فشل إرسالها نهائياً في آخر 24 ساعة')
  failed() {
    return this.delivery.failedLastDay();
  }

  @Post('admin/messages/:id/resend')
  @HttpCode(200)
  @ApiOk('أُعيدت الرسالة إلى قائمة الإرسال')
  @ApiNotFound()
  @ApiErrors(errorsOf(DeliveryErrors, 'MESSAGE_NOT_RESENDABLE'))
  resend(@Param('id', idParam('رقم الرسالة غير صحيح')) id: number) {
    return this.delivery.resend(id);
  }
}
