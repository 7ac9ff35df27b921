import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../config/app-config';
import type { AppConfig } from '../../config/app-config';
import { isValidE164 } from '../../shared/phone';
import { SETTING_KEYS, SystemSettingsService } from '../system/system-settings.service';
import { OutboxRecipient } from '../../database/outbox-message';

export interface AdminNumbers {
  numbers: string[];
  /** 'environment' when ADMIN_WHATSAPP_NUMBERS is set (read-only in the admin screen). */
  source: 'environment' | 'database';
}

/**
 * Where administrator WhatsApp numbers come from: the environment when ADMIN_WHATSAPP_NUMBERS is set,
 * otherwise system_settings (edited from the dashboard).
 */
@Injectable()
export class AdminNumbersService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SystemSettingsService,
  ) {}

  async get(): Promise<AdminNumbers> {
    return this.fromSetting(
      this.config.admin.whatsappNumbers?.length ? null : await this.settings.value(SETTING_KEYS.adminWhatsappNumbers),
    );
  }

  /** get() for a caller that already read the admin_whatsapp_numbers setting (one query for several settings). */
  fromSetting(storedValue: string | null): AdminNumbers {
    if (this.config.admin.whatsappNumbers?.length) {
      return { numbers: [...this.config.admin.whatsappNumbers], source: 'environment' };
    }
    let numbers: string[] = [];
    try {
      const parsed: unknown = storedValue ? JSON.parse(storedValue) : [];
      if (Array.isArray(parsed)) numbers = parsed.filter((n): n is string => typeof n === 'string' && isValidE164(n));
    } catch {
      numbers = [];
    }
    return { numbers, source: 'database' };
  }

  /**
   * Recipients for a message to every administrator. With the console driver and no number at all,
   * messages go to 'console' so the default run can still log in.
   */
  async recipients(): Promise<OutboxRecipient[]> {
    return this.recipientsOf(await this.get());
  }

  recipientsOf({ numbers }: AdminNumbers): OutboxRecipient[] {
    if (!numbers.length && this.config.whatsapp.provider === 'console') return [{ whatsapp: 'console', role: 'admin' }];
    return numbers.map((whatsapp) => ({ whatsapp, role: 'admin' as const }));
  }
}
