import { Injectable } from '@nestjs/common';
import { SystemSettingEntity } from './entities/system-setting.entity';
import { SystemSettingsRepository } from './system-settings.repository';
import type { DbScope } from '../../database/db-scope';

/** Keys of system_settings the code reads. */
export const SETTING_KEYS = {
  siteBlocked: 'site_blocked',
  siteBlockReason: 'site_block_reason',
  adminVerificationRequired: 'admin_verification_required',
  adminWhatsappNumbers: 'admin_whatsapp_numbers',
  whatsappUseTemplates: 'whatsapp_use_templates',
  /** Most pickups a day (text of a whole number); missing or empty: no limit. */
  pickupMaxPerDay: 'pickup_max_per_day',
} as const;

/** Setting keys of the five auto-reply variables, in the autoReply template's placeholder order. */
export const AUTO_REPLY_SETTING_KEYS = [
  'auto_reply_website',
  'auto_reply_hours',
  'auto_reply_area',
  'auto_reply_phone1',
  'auto_reply_phone2',
] as const;

/** Reads and writes system_settings; values are text, as the spec's client expects. */
@Injectable()
export class SystemSettingsService {
  constructor(private readonly settings: SystemSettingsRepository) {}

  async get(key: string): Promise<SystemSettingEntity | null> {
    return this.settings.find(key);
  }

  async value(key: string): Promise<string | null> {
    return (await this.get(key))?.value ?? null;
  }

  /** Several values in one round trip; a missing key maps to null. */
  async values<K extends string>(keys: readonly K[]): Promise<Record<K, string | null>> {
    const rows = keys.length ? await this.settings.findMany([...keys]) : [];
    const found = new Map(rows.map((r) => [r.key, r.value]));
    return Object.fromEntries(keys.map((k) => [k, found.get(k) ?? null])) as Record<K, string | null>;
  }

  /** Spec: a value of "false" means off, any other value means on. */
  async isOn(key: string, whenMissing = false): Promise<boolean> {
    const value = await this.value(key);
    return value === null ? whenMissing : value !== 'false';
  }

  async list(): Promise<SystemSettingEntity[]> {
    return this.settings.all();
  }

  async set(key: string, value: string, updatedBy: string | null, manager?: DbScope, description?: string): Promise<void> {
    await this.settings.upsert({ key, value, updatedBy, ...(description !== undefined ? { description } : {}) }, manager);
  }
}
