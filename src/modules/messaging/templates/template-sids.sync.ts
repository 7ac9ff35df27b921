import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG } from '../../../config/app-config';
import type { AppConfig } from '../../../config/app-config';
import { APP_LOGGER } from '../../../common/logging/logger';
import { TemplatesRepository } from './templates.repository';
import { WHATSAPP_TEMPLATES } from './whatsapp-templates';

/**
 * Stores the configured provider ids in assurance_templates at start: Twilio's content SIDs
 * (WHATSAPP_CONTENT_SIDS / WHATSAPP_CONTENT_SID_<KEY>) and Meta's template names
 * (WHATSAPP_TEMPLATE_NAMES / WHATSAPP_TEMPLATE_NAME_<KEY>; a key not configured goes back to the
 * product's own name, so removing a variable undoes it).
 */
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
    const rows = await this.templates.all();
    for (const seed of WHATSAPP_TEMPLATES) {
      const name = this.config.whatsapp.templateNames[seed.key] ?? seed.name;
      if (rows.find((row) => row.key === seed.key)?.name !== name) await this.templates.setName(seed.key, name);
    }
    if (this.config.whatsapp.provider === 'twilio') {
      const missing = rows.filter((t) => !t.contentSid).map((t) => t.key);
      if (missing.length) {
        this.logger.warn(
          { templates: missing },
          'no content SID for these templates: they are sent as plain text, which WhatsApp accepts only inside the 24-hour window',
        );
      }
    }
  }
}
