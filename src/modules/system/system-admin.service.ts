import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import type { AdminPrincipal } from '../../common/auth/current-admin.decorator';
import type { RequestMeta } from '../../common/http/request-meta';
import { currentRequest } from '../../common/http/request-context';
import { ActivityLogEntity } from '../reports/entities/activity-log.entity';
import { SystemSettingEntity } from './entities/system-setting.entity';
import { SETTING_KEYS, SystemSettingsService } from './system-settings.service';

export interface SettingView {
  key: string;
  value: string | null;
  description: string | null;
  updatedAt: string | null;
}

/** Text stored as the reason when the site is unblocked (the admin app sends the same). */
export const SITE_UNBLOCK_REASON = 'تم إلغاء حظر الموقع';
export const SITE_BLOCK_DEFAULT_REASON = 'الموقع تحت الصيانة حالياً، نعود إليكم قريباً';

/** The dashboard's switches: site block and login verification, each logged in activity_logs. */
@Injectable()
export class SystemAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly settings: SystemSettingsService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async list(): Promise<SettingView[]> {
    const rows = await this.settings.list();
    return rows.map((r) => ({ key: r.key, value: r.value, description: r.description, updatedAt: r.updatedAt?.toISOString() ?? null }));
  }

  async toggleSiteBlock(
    reason: string | undefined,
    admin: AdminPrincipal,
    meta: RequestMeta,
  ): Promise<{ blocked: boolean; message: string }> {
    return this.db.transaction(async (m) => {
      const current = await this.lockedValue(m, SETTING_KEYS.siteBlocked);
      const blocked = current !== 'true';
      const stored = blocked ? reason?.trim() || SITE_BLOCK_DEFAULT_REASON : '';
      await this.write(m, SETTING_KEYS.siteBlocked, blocked ? 'true' : 'false', admin.username);
      await this.write(m, SETTING_KEYS.siteBlockReason, stored, admin.username);
      await this.log(m, blocked ? 'site_blocked' : 'site_unblocked', admin, meta, {
        reason: blocked ? stored : reason?.trim() || SITE_UNBLOCK_REASON,
      });
      return { blocked, message: blocked ? 'تم إيقاف الموقع العام مؤقتاً' : 'تم إلغاء حظر الموقع وأصبح متاحاً للزوار' };
    });
  }

  async toggleVerification(admin: AdminPrincipal, meta: RequestMeta): Promise<{ enabled: boolean; message: string }> {
    return this.db.transaction(async (m) => {
      const current = await this.lockedValue(m, SETTING_KEYS.adminVerificationRequired);
      // "false" means off, any other value (or none) means on.
      const enabled = current === 'false';
      await this.write(m, SETTING_KEYS.adminVerificationRequired, enabled ? 'true' : 'false', admin.username);
      await this.log(m, enabled ? 'verification_enabled' : 'verification_disabled', admin, meta, {});
      return {
        enabled,
        message: enabled
          ? 'تم تفعيل التحقق عبر واتساب عند تسجيل الدخول'
          : 'تم إيقاف التحقق عبر واتساب: تسجيل الدخول أصبح باسم المستخدم وكلمة المرور فقط، وهذا أقل أماناً',
      };
    });
  }

  private async lockedValue(m: EntityManager, key: string): Promise<string | null> {
    const row = await m.getRepository(SystemSettingEntity).findOne({ where: { key }, lock: { mode: 'pessimistic_write' } });
    return row?.value ?? null;
  }

  private async write(m: EntityManager, key: string, value: string, by: string): Promise<void> {
    const repo = m.getRepository(SystemSettingEntity);
    const result = await repo.update({ key }, { value, updatedBy: by, updatedAt: this.clock.now() });
    if (!result.affected) await repo.insert({ key, value, updatedBy: by, updatedAt: this.clock.now() });
  }

  private async log(m: EntityManager, action: string, admin: AdminPrincipal, meta: RequestMeta, metadata: object): Promise<void> {
    // This call has its own row: the activity log's audit of administrator calls adds none.
    const context = currentRequest();
    if (context) context.activityRecorded = true;
    await m.insert(ActivityLogEntity, {
      action,
      entityType: 'system_setting',
      entityId: null,
      metadata: { ...metadata, by: admin.username },
      userId: admin.userId,
      ipAddress: meta.ip.slice(0, 64),
      userAgent: meta.userAgent.slice(0, 500),
      createdAt: this.clock.now(),
    });
  }
}
