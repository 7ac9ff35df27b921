import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { SystemSettingEntity } from './entities/system-setting.entity';

/** Keys of system_settings the code reads. */
export const SETTING_KEYS = {
  siteBlocked: 'site_blocked',
  siteBlockReason: 'site_block_reason',
  adminVerificationRequired: 'admin_verification_required',
  adminWhatsappNumbers: 'admin_whatsapp_numbers',
  whatsappUseTemplates: 'whatsapp_use_templates',
} as const;

/** Reads and writes system_settings; values are text, as the spec's client expects. */
@Injectable()
export class SystemSettingsService {
  constructor(@InjectRepository(SystemSettingEntity) private readonly settings: Repository<SystemSettingEntity>) {}

  async get(key: string): Promise<SystemSettingEntity | null> {
    return this.settings.findOne({ where: { key } });
  }

  async value(key: string): Promise<string | null> {
    return (await this.get(key))?.value ?? null;
  }

  /** Spec: a value of "false" means off, any other value means on. */
  async isOn(key: string, whenMissing = false): Promise<boolean> {
    const value = await this.value(key);
    return value === null ? whenMissing : value !== 'false';
  }

  async list(): Promise<SystemSettingEntity[]> {
    return this.settings.find({ order: { key: 'ASC' } });
  }

  async set(key: string, value: string, updatedBy: string | null, manager?: EntityManager, description?: string): Promise<void> {
    const repo = manager ? manager.getRepository(SystemSettingEntity) : this.settings;
    await repo.upsert({ key, value, updatedBy, ...(description !== undefined ? { description } : {}) }, ['key']);
  }
}
