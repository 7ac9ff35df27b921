import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { APP_LOGGER } from '../../../common/logging/logger';
import { normalizeE164 } from '../../../shared/phone';
import { MessagingErrors } from '../messaging-errors';
import { isValidTwilioSignature, signedUrlCandidates } from './twilio-signature';
import { InboundAction, WhatsAppEventsService } from './whatsapp-events.service';

/** Twilio's status callbacks and inbound messages (form-encoded), signature-checked with TWILIO_AUTH_TOKEN. */
@Injectable()
export class TwilioWebhooksService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    private readonly events: WhatsAppEventsService,
  ) {}

  /** Throws 403 unless the X-Twilio-Signature header matches the request. */
  verify(signature: string | undefined, path: string, requestUrl: string, params: Record<string, unknown>): void {
    const token = this.config.whatsapp.twilio.authToken;
    const urls: string[] = [];
    if (this.config.whatsapp.publicBaseUrl) urls.push(...signedUrlCandidates(this.config.whatsapp.publicBaseUrl + path));
    urls.push(...signedUrlCandidates(requestUrl));
    if (!token || !isValidTwilioSignature(token, signature, urls, params)) {
      this.logger.warn({ path: path.split('?')[0] }, 'twilio webhook with a missing or wrong signature');
      throw MessagingErrors.INVALID_SIGNATURE();
    }
  }

  /** A delivery status from Twilio (MessageSid, MessageStatus, ErrorCode, ErrorMessage). */
  status(params: Record<string, string>): Promise<{ changed: boolean }> {
    return this.events.status({
      provider: 'twilio',
      providerMessageId: params.MessageSid ?? params.SmsSid ?? '',
      status: params.MessageStatus ?? params.SmsStatus ?? '',
      errorCode: params.ErrorCode ? String(params.ErrorCode) : null,
      errorMessage: params.ErrorMessage ?? null,
    });
  }

  /** An inbound WhatsApp message from Twilio (From: whatsapp:+…, Body, MessageSid). */
  async inbound(params: Record<string, string>): Promise<InboundAction> {
    const phone = normalizeE164(params.From);
    if (!phone) return 'none';
    const sid = typeof params.MessageSid === 'string' && params.MessageSid ? params.MessageSid : null;
    return this.events.inbound({ provider: 'twilio', phone, text: String(params.Body ?? ''), messageId: sid });
  }
}
