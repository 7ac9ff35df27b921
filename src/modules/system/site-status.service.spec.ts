import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../test/support/fakes';
import { newTestService, TEST_NOW } from '../../../test/support/test-service';
import type { SystemSettingEntity } from './entities/system-setting.entity';
import { SiteStatusService } from './site-status.service';
import { SystemSettingsService } from './system-settings.service';

const BLOCKED_MESSAGE = 'الموقع متوقف مؤقتاً للصيانة، يرجى المحاولة لاحقاً';

/** The site_blocked row (absent when undefined) and the stored reason. */
function setup(blocked: string | undefined, reason: string | null = null) {
  const t = newTestService(SiteStatusService);
  const settings = t.mock(SystemSettingsService);
  const row: SystemSettingEntity | null =
    blocked === undefined
      ? null
      : { id: 1, key: 'site_blocked', value: blocked, description: 'إيقاف الموقع العام', updatedAt: TEST_NOW, updatedBy: 'huda' };
  settings.get.mockImplementation(async (key) => (key === 'site_blocked' ? row : null));
  settings.value.mockImplementation(async (key) =>
    key === 'site_blocked' ? (row?.value ?? null) : key === 'site_block_reason' ? reason : null,
  );
  return t;
}

describe('SiteStatusService.assertOpen', () => {
  it('refuses public writes with 503 SITE_BLOCKED, in Arabic and with details.blocked, while the site is blocked', async () => {
    const error = await refusal(setup('true', 'صيانة').sut.assertOpen());
    expect([error.status, error.code, error.message]).toEqual([503, 'SITE_BLOCKED', BLOCKED_MESSAGE]);
    expect(error.options.details).toEqual({ blocked: true });
  });

  it.each([['false'], [''], [undefined]])('lets public writes through when site_blocked is %j', async (value) => {
    await expect(setup(value).sut.assertOpen()).resolves.toBeUndefined();
  });
});

describe('SiteStatusService.status', () => {
  it("answers blocked with the administrator's reason as the setting's description, and when it changed", async () => {
    expect(await setup('true', 'صيانة الخادم').sut.status()).toEqual({
      blocked: true,
      setting: { description: 'صيانة الخادم', updatedAt: TEST_NOW.toISOString() },
    });
  });

  it("falls back to the setting's own description when no reason is stored, and answers no setting when it was never saved", async () => {
    expect(await setup('false', '').sut.status()).toEqual({
      blocked: false,
      setting: { description: 'إيقاف الموقع العام', updatedAt: TEST_NOW.toISOString() },
    });
    expect(await setup(undefined).sut.status()).toEqual({ blocked: false, setting: null });
  });
});
