import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { idParam } from '../../../common/http/id-param.pipe';
import { DeliveryViewService } from './delivery-view.service';

/** The operator's view of WhatsApp delivery (admin session on every route). */
@Controller()
export class DeliveryViewController {
  constructor(private readonly delivery: DeliveryViewService) {}

  /** A request's messages: template, recipient, status with times, the error in Arabic. */
  @Get('requests/:id/messages')
  forRequest(@Param('id', idParam('رقم الطلب غير صحيح')) id: number) {
    return this.delivery.forRequest(id);
  }

  @Get('admin/messages/failed')
  failed() {
    return this.delivery.failedLastDay();
  }

  @Post('admin/messages/:id/resend')
  @HttpCode(200)
  resend(@Param('id', idParam('رقم الرسالة غير صحيح')) id: number) {
    return this.delivery.resend(id);
  }
}
