import { describe, expect, it } from '@jest/globals';
import { newTestService, TEST_NOW } from '../../../test/support/test-service';
import type { SystemSettingEntity } from './entities/system-setting.entity';
import { SystemSettingsRepository } from './system-settings.repository';
import { SystemSettingsService } from './system-settings.service';

const setting = (key: string, value: string | null): SystemSettingEntity => ({
  id: 1,
  key,
  value,
  description: null,
  updatedAt: TEST_NOW,
  updatedBy: null,
});

function setup(rows: SystemSettingEntity[]) {
  const t = newTestService(SystemSettingsService);
  const repo = t.mock(SystemSettingsRepository);
  repo.find.mockImplementation(async (key) => rows.find((r) => r.key === key) ?? null);
  repo.findMany.mockImplementation(async (keys) => rows.filter((r) => keys.includes(r.key)));
  return { ...t, repo };
}

describe('SystemSettingsService.isOn', () => {
  it('reads "false" as off and any other stored value as on (spec), a missing setting as the caller says', async () => {
    const t = setup([setting('a', 'false'), setting('b', 'true'), setting('c', 'نعم'), setting('d', '')]);
    expect(await t.sut.isOn('a', true)).toBe(false);
    expect(await t.sut.isOn('b')).toBe(true);
    expect(await t.sut.isOn('c')).toBe(true);
    expect(await t.sut.isOn('d')).toBe(true);
    expect(await t.sut.isOn('missing')).toBe(false);
    expect(await t.sut.isOn('missing', true)).toBe(true);
  });
});

describe('SystemSettingsService.values', () => {
  it('answers every asked key in one read, null for a key never saved, and skips the read when none is asked', async () => {
    const t = setup([setting('whatsapp_use_templates', 'true'), setting('pickup_max_per_day', '')]);
    expect(await t.sut.values(['whatsapp_use_templates', 'pickup_max_per_day', 'admin_whatsapp_numbers'])).toEqual({
      whatsapp_use_templates: 'true',
      pickup_max_per_day: '',
      admin_whatsapp_numbers: null,
    });
    expect(t.repo.findMany).toHaveBeenCalledTimes(1);
    expect(await t.sut.values([])).toEqual({});
    expect(t.repo.findMany).toHaveBeenCalledTimes(1);
  });
});
