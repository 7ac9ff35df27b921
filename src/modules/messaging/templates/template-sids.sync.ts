import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { APP_LOGGER } from '../../../common/logging/logger';
import { TemplatesRepository } from './templates.repository';

/** Stores the configured content SIDs (WHATSAPP_CONTENT_SIDS / WHATSAPP_CONTENT_SID_<KEY>) in assurance_templates at start. */
@Injectable()
export class TemplateSidsSync implements OnApplicationBootstrap {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: Logger,
    private readonly templates: TemplatesRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const entries = Object.entries(this.config.whatsapp.contentSids);
    for (const [key, contentSid] of entries) {
      await this.templates.setContentSid(key, contentSid);
    }
    if (this.config.whatsapp.provider === 'twilio') {
      const missing = (await this.templates.all()).filter((t) => !t.contentSid).map((t) => t.key);
      if (missing.length) {
        this.logger.warn(
          { templates: missing },
          'no content SID for these templates: they are sent as plain text, which WhatsApp accepts only inside the 24-hour window',
        );
      }
    }
  }
}
