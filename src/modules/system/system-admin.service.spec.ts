import { describe, expect, it } from '@jest/globals';
import type { DbScope } from '../../database/db-scope';
import { newTestService, TEST_ADMIN as admin, TEST_META, TEST_NOW } from '../../../test/support/test-service';
import { SystemAdminRepository } from './system-admin.repository';
import { SystemAdminService } from './system-admin.service';

/** system_settings kept in memory: what a toggle wrote is what the next one reads. */
class FakeSettings {
  values = new Map<string, { value: string; by: string; at: Date }>();
  locked: string[] = [];
  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.values.set(key, { value, by: 'seed', at: new Date(0) });
  }
  async lockedValue(_scope: DbScope, key: string) {
    this.locked.push(key);
    return this.values.get(key)?.value ?? null;
  }
  async write(_scope: DbScope, key: string, value: string, by: string, at: Date) {
    this.values.set(key, { value, by, at });
  }
  value(key: string) {
    return this.values.get(key)?.value;
  }
}

function setup(initial: Record<string, string> = {}) {
  const settings = new FakeSettings(initial);
  const t = newTestService(SystemAdminService, { provide: [[SystemAdminRepository, settings]] });
  return { ...t, settings };
}

const logged = (action: string, metadata: Record<string, unknown>) => ({
  action,
  entityType: 'system_setting',
  metadata,
  userId: 3,
  ipAddress: '10.0.0.5',
  userAgent: 'tablet',
});

describe('SystemAdminService.toggleSiteBlock', () => {
  it('blocks an open site with the typed reason (trimmed), stamped with who and when, and logs it', async () => {
    const t = setup({ site_blocked: 'false' });
    const answer = await t.sut.toggleSiteBlock('  صيانة الخادم حتى العصر  ', admin, TEST_META);
    expect(answer).toEqual({ blocked: true, message: 'تم إيقاف الموقع العام مؤقتاً' });
    expect(t.settings.values.get('site_blocked')).toEqual({ value: 'true', by: 'huda', at: TEST_NOW });
    expect(t.settings.value('site_block_reason')).toBe('صيانة الخادم حتى العصر');
    expect(t.settings.locked).toEqual(['site_blocked']);
    expect(t.activity.entries).toEqual([logged('site_blocked', { reason: 'صيانة الخادم حتى العصر', by: 'huda' })]);
    expect(t.uow.commits).toBe(1);
  });

  it('stores the default maintenance text when no reason is typed (and when the setting was never saved)', async () => {
    const t = setup();
    expect((await t.sut.toggleSiteBlock('   ', admin, TEST_META)).blocked).toBe(true);
    expect(t.settings.value('site_block_reason')).toBe('الموقع تحت الصيانة حالياً، نعود إليكم قريباً');
  });

  it('unblocks a blocked site, clears the stored reason and logs the fixed unblock text', async () => {
    const t = setup({ site_blocked: 'true', site_block_reason: 'صيانة' });
    const answer = await t.sut.toggleSiteBlock(undefined, admin, TEST_META);
    expect(answer).toEqual({ blocked: false, message: 'تم إلغاء حظر الموقع وأصبح متاحاً للزوار' });
    expect([t.settings.value('site_blocked'), t.settings.value('site_block_reason')]).toEqual(['false', '']);
    expect(t.activity.entries).toEqual([logged('site_unblocked', { reason: 'تم إلغاء حظر الموقع', by: 'huda' })]);
  });

  it('goes back and forth: each toggle reads what the last one wrote', async () => {
    const t = setup({ site_blocked: 'false' });
    const states = [];
    for (let i = 0; i < 3; i++) states.push((await t.sut.toggleSiteBlock('صيانة', admin, TEST_META)).blocked);
    expect(states).toEqual([true, false, true]);
    expect(t.activity.entries.map((e) => e.action)).toEqual(['site_blocked', 'site_unblocked', 'site_blocked']);
  });
});

describe('SystemAdminService.toggleVerification', () => {
  it('turns WhatsApp verification off when it is on, warning that sign-in is less safe', async () => {
    const t = setup({ admin_verification_required: 'true' });
    const answer = await t.sut.toggleVerification(admin, TEST_META);
    expect(answer).toEqual({
      enabled: false,
      message: 'تم إيقاف التحقق عبر واتساب: تسجيل الدخول أصبح باسم المستخدم وكلمة المرور فقط، وهذا أقل أماناً',
    });
    expect(t.settings.values.get('admin_verification_required')).toEqual({ value: 'false', by: 'huda', at: TEST_NOW });
    expect(t.activity.entries).toEqual([logged('verification_disabled', { by: 'huda' })]);
  });

  it('turns it on only from "false": any other stored value, or none, counts as on', async () => {
    const off = setup({ admin_verification_required: 'false' });
    expect(await off.sut.toggleVerification(admin, TEST_META)).toEqual({
      enabled: true,
      message: 'تم تفعيل التحقق عبر واتساب عند تسجيل الدخول',
    });
    expect(off.settings.value('admin_verification_required')).toBe('true');
    expect(off.activity.entries.map((e) => e.action)).toEqual(['verification_enabled']);

    for (const initial of [{ admin_verification_required: 'yes' }, {}] as Record<string, string>[]) {
      const on = setup(initial);
      expect((await on.sut.toggleVerification(admin, TEST_META)).enabled).toBe(false);
    }
  });
});
