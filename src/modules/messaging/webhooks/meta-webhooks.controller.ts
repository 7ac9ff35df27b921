import { Body, Controller, Get, Header, HttpCode, Post, Query, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../../common/auth/public.decorator';
import { MetaWebhooksService } from './meta-webhooks.service';
import { ApiErrors, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { MessagingErrors } from '../messaging-errors';

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Meta's webhooks (the callback URL set in the app's WhatsApp configuration): GET is the subscription
 * handshake, POST the signed JSON notifications. The signature covers the exact bytes received, which
 * the app keeps as `rawBody` (NestFactory's rawBody option) beside the parsed JSON.
 */
@ApiSection('webhooks')
@Public()
@Controller('webhooks/meta')
export class MetaWebhooksController {
  constructor(private readonly webhooks: MetaWebhooksService) {}

  @Get()
  @Header('content-type', 'text/plain; charset=utf-8')
  @ApiOk('قيمة hub.challenge نصاً عند صحة رمز الاشتراك')
  @ApiErrors(errorsOf(MessagingErrors, 'INVALID_VERIFY_TOKEN'))
  handshake(@Query() query: Record<string, unknown>): string {
    return this.webhooks.handshake(query['hub.mode'], query['hub.verify_token'], query['hub.challenge']);
  }

  @Post()
  @HttpCode(200)
  @ApiOk('استُلم الإشعار: { ok: true }')
  @ApiErrors(errorsOf(MessagingErrors, 'INVALID_SIGNATURE'))
  async notify(@Req() req: RawBodyRequest<FastifyRequest>, @Body() body: unknown): Promise<{ ok: true }> {
    this.webhooks.verify(header(req, 'x-hub-signature-256'), req.rawBody);
    await this.webhooks.receive(body);
    return { ok: true };
  }
}
