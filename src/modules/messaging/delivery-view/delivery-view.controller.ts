import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { idParam } from '../../../common/http/id-param.pipe';
import { DeliveryViewService } from './delivery-view.service';

const REQUEST_ID = 'رقم الطلب غير صحيح';
const MESSAGE_ID = 'رقم الرسالة غير صحيح';

/** The operator's view of WhatsApp delivery (admin session on every route). */
@Controller()
export class DeliveryViewController {
  constructor(private readonly delivery: DeliveryViewService) {}

  /** A request's messages: template, recipient, status with times, the error in Arabic. */
  @Get('requests/:id/messages')
  forRequest(@Param('id', idParam(REQUEST_ID)) id: number) {
    return this.delivery.forRequest(id);
  }

  @Get('admin/messages/failed')
  failed() {
    return this.delivery.failedLastDay();
  }

  @Post('admin/messages/:id/resend')
  @HttpCode(200)
  resend(@Param('id', idParam(MESSAGE_ID)) id: number) {
    return this.delivery.resend(id);
  }
}
