import { Injectable } from '@nestjs/common';
import { DomainException } from '../../common/errors/domain.exception';
import { ERROR_MESSAGES } from '../../common/errors/error-codes';
import { SETTING_KEYS, SystemSettingsService } from './system-settings.service';

export interface SiteStatus {
  blocked: boolean;
  setting: { description: string | null; updatedAt: string | null } | null;
}

/** The maintenance switch: while it is on, public write calls answer 503 SITE_BLOCKED. */
@Injectable()
export class SiteStatusService {
  constructor(private readonly settings: SystemSettingsService) {}

  async status(): Promise<SiteStatus> {
    const row = await this.settings.get(SETTING_KEYS.siteBlocked);
    const reason = await this.settings.value(SETTING_KEYS.siteBlockReason);
    return {
      blocked: row?.value === 'true',
      setting: row ? { description: reason || row.description, updatedAt: row.updatedAt?.toISOString() ?? null } : null,
    };
  }

  async assertOpen(): Promise<void> {
    assertSiteOpen(await this.settings.value(SETTING_KEYS.siteBlocked));
  }
}

/** Throws 503 SITE_BLOCKED for the stored value of the site_blocked setting when it is on. */
export function assertSiteOpen(siteBlockedValue: string | null): void {
  if (siteBlockedValue === 'true') {
    throw new DomainException(503, 'SITE_BLOCKED', ERROR_MESSAGES.SITE_BLOCKED, { details: { blocked: true } });
  }
}
