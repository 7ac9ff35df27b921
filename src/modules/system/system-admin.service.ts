import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import type { AdminPrincipal } from '../../common/auth/current-admin.decorator';
import type { RequestMeta } from '../../common/http/request-meta';
import { ActivityLogService } from '../../database/activity-log/activity-log.service';
import { SystemAdminRepository } from './system-admin.repository';
import { SETTING_KEYS, SystemSettingsService } from './system-settings.service';
import { UnitOfWork } from '../../database/unit-of-work';
import type { DbScope } from '../../database/db-scope';

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
    private readonly uow: UnitOfWork,
    private readonly repo: SystemAdminRepository,
    private readonly settings: SystemSettingsService,
    private readonly activity: ActivityLogService,
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
    return this.uow.run(async (m) => {
      const current = await this.repo.lockedValue(m, SETTING_KEYS.siteBlocked);
      const blocked = current !== 'true';
      const stored = blocked ? reason?.trim() || SITE_BLOCK_DEFAULT_REASON : '';
      await this.repo.write(m, SETTING_KEYS.siteBlocked, blocked ? 'true' : 'false', admin.username, this.clock.now());
      await this.repo.write(m, SETTING_KEYS.siteBlockReason, stored, admin.username, this.clock.now());
      await this.log(m, blocked ? 'site_blocked' : 'site_unblocked', admin, meta, {
        reason: blocked ? stored : reason?.trim() || SITE_UNBLOCK_REASON,
      });
      return { blocked, message: blocked ? 'تم إيقاف الموقع العام مؤقتاً' : 'تم إلغاء حظر الموقع وأصبح متاحاً للزوار' };
    });
  }

  async toggleVerification(admin: AdminPrincipal, meta: RequestMeta): Promise<{ enabled: boolean; message: string }> {
    return this.uow.run(async (m) => {
      const current = await this.repo.lockedValue(m, SETTING_KEYS.adminVerificationRequired);
      // "false" means off, any other value (or none) means on.
      const enabled = current === 'false';
      await this.repo.write(m, SETTING_KEYS.adminVerificationRequired, enabled ? 'true' : 'false', admin.username, this.clock.now());
      await this.log(m, enabled ? 'verification_enabled' : 'verification_disabled', admin, meta, {});
      return {
        enabled,
        message: enabled
          ? 'تم تفعيل التحقق عبر واتساب عند تسجيل الدخول'
          : 'تم إيقاف التحقق عبر واتساب: تسجيل الدخول أصبح باسم المستخدم وكلمة المرور فقط، وهذا أقل أماناً',
      };
    });
  }

  /** The change's activity row, in its transaction (who, from where and when). */
  private log(m: DbScope, action: string, admin: AdminPrincipal, meta: RequestMeta, metadata: object): Promise<void> {
    return this.activity.record(m, {
      action,
      entityType: 'system_setting',
      metadata: { ...metadata, by: admin.username },
      userId: admin.userId,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
  }
}
