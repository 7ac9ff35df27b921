import { Body, Controller, Header, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { Public } from '../../../common/auth/public.decorator';
import { TwilioWebhooksService } from './twilio-webhooks.service';
import { ApiErrors, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { MessagingErrors } from '../messaging-errors';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

type FormBody = Record<string, string>;

function requestUrl(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}${req.url}`;
}

function signatureOf(req: FastifyRequest): string | undefined {
  const header = req.headers['x-twilio-signature'];
  return Array.isArray(header) ? header[0] : header;
}

/** Twilio's webhooks (form-encoded, signed with the account's auth token). */
@ApiSection('webhooks')
@Public()
@Controller('webhooks/twilio')
export class TwilioWebhooksController {
  constructor(private readonly webhooks: TwilioWebhooksService) {}

  @Post('status')
  @HttpCode(200)
  @ApiOk('استُلمت حالة الرسالة: { ok: true }')
  @ApiErrors(errorsOf(MessagingErrors, 'INVALID_SIGNATURE'))
  async status(@Req() req: FastifyRequest, @Body() body: FormBody): Promise<{ ok: true }> {
    const params = body && typeof body === 'object' ? body : {};
    this.webhooks.verify(signatureOf(req), req.url, requestUrl(req), params);
    await this.webhooks.status(params);
    return { ok: true };
  }

  @Post('inbound')
  @HttpCode(200)
  @Header('content-type', 'text/xml; charset=utf-8')
  @ApiOk('TwiML فارغ (الرد الآلي يُرسل عبر قائمة الإرسال)')
  @ApiErrors(errorsOf(MessagingErrors, 'INVALID_SIGNATURE'))
  async inbound(@Req() req: FastifyRequest, @Body() body: FormBody): Promise<string> {
    const params = body && typeof body === 'object' ? body : {};
    this.webhooks.verify(signatureOf(req), req.url, requestUrl(req), params);
    await this.webhooks.inbound(params);
    return EMPTY_TWIML;
  }
}
