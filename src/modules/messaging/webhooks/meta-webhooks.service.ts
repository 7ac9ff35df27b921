import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { APP_LOGGER } from '../../../common/logging/logger';
import { MessagingErrors } from '../messaging-errors';
import { readMetaWebhook } from './meta-webhook-payload';
import { isValidMetaSignature, sameSecret } from './meta-signature';
import { WhatsAppEventsService } from './whatsapp-events.service';

/** Meta's Cloud API webhooks: the subscription handshake and the signed `messages` notifications. */
@Injectable()
export class MetaWebhooksService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    private readonly events: WhatsAppEventsService,
  ) {}

  /**
   * The handshake Meta makes when the callback URL is saved: hub.mode=subscribe with our verify token
   * is answered with hub.challenge; anything else is refused (403).
   */
  handshake(mode: unknown, token: unknown, challenge: unknown): string {
    const expected = this.config.whatsapp.meta.verifyToken;
    const ok =
      mode === 'subscribe' &&
      typeof token === 'string' &&
      expected !== undefined &&
      sameSecret(token, expected) &&
      typeof challenge === 'string' &&
      /^[\x21-\x7e]{1,256}$/.test(challenge);
    if (!ok) {
      this.logger.warn({ mode: typeof mode === 'string' ? mode.slice(0, 32) : null }, 'meta webhook handshake refused');
      throw MessagingErrors.INVALID_VERIFY_TOKEN();
    }
    this.logger.info('meta webhook subscription verified');
    return challenge as string;
  }

  /** Throws 403 unless X-Hub-Signature-256 is the app secret's HMAC of the exact body bytes. */
  verify(signature: string | undefined, rawBody: Buffer | undefined): void {
    const secret = this.config.whatsapp.meta.appSecret;
    if (!secret || !isValidMetaSignature(secret, signature, rawBody)) {
      this.logger.warn('meta webhook with a missing or wrong signature');
      throw MessagingErrors.INVALID_SIGNATURE();
    }
  }

  /** Delivery statuses and inbound messages of one notification, each handled as the shared rules say. */
  async receive(body: unknown): Promise<{ statuses: number; inbound: number }> {
    const content = readMetaWebhook(body, this.config.whatsapp.meta.phoneNumberId);
    for (const error of content.errors) this.logger.warn({ code: error.code, error: error.message }, 'meta webhook reported an error');
    if (content.skipped) this.logger.debug({ skipped: content.skipped }, 'meta webhook changes for another number or field skipped');
    // In order: a status and a reply in one notification keep the order Meta gave them.
    for (const status of content.statuses) await this.events.status(status);
    for (const message of content.inbound) await this.events.inbound(message);
    return { statuses: content.statuses.length, inbound: content.inbound.length };
  }
}
