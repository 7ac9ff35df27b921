import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../test/support/test-service';
import { SETTING_KEYS, SystemSettingsService } from '../system/system-settings.service';
import { AdminNumbersService } from './admin-numbers.service';

const TWILIO_ENV = {
  WHATSAPP_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC' + '0'.repeat(32),
  TWILIO_AUTH_TOKEN: 'twilio-token',
  TWILIO_FROM: 'whatsapp:+966500000000',
};

function setup(env: Record<string, string> = {}, stored: string | null = null) {
  const t = newTestService(AdminNumbersService, { env });
  const settings = t.mock(SystemSettingsService);
  settings.value.mockResolvedValue(stored);
  return { ...t, settings };
}

describe('AdminNumbersService', () => {
  it('takes the numbers of ADMIN_WHATSAPP_NUMBERS over the stored setting, marked as not editable', async () => {
    const t = setup({ ADMIN_WHATSAPP_NUMBERS: '+966501234567, +966551112222' }, JSON.stringify(['+966599999999']));
    await expect(t.sut.get()).resolves.toEqual({ numbers: ['+966501234567', '+966551112222'], source: 'environment' });
    expect(t.settings.value).not.toHaveBeenCalled();
    await expect(t.sut.recipients()).resolves.toEqual([
      { whatsapp: '+966501234567', role: 'admin' },
      { whatsapp: '+966551112222', role: 'admin' },
    ]);
  });

  it('reads the dashboard setting otherwise, keeping only valid international numbers', async () => {
    const t = setup({}, JSON.stringify(['+966501234567', '0501234567', 42, '+966551112222']));
    await expect(t.sut.get()).resolves.toEqual({ numbers: ['+966501234567', '+966551112222'], source: 'database' });
    expect(t.settings.value).toHaveBeenCalledWith(SETTING_KEYS.adminWhatsappNumbers);
  });

  it.each([['not json'], ['{"a":1}'], [null]])(
    'reads a broken or missing setting (%j) as no number rather than failing',
    async (stored) => {
      const t = setup({}, stored);
      await expect(t.sut.get()).resolves.toEqual({ numbers: [], source: 'database' });
    },
  );

  it("sends administrators' messages to the console stand-in only with the console driver and no number", async () => {
    await expect(setup({}, null).sut.recipients()).resolves.toEqual([{ whatsapp: 'console', role: 'admin' }]);
    // A real provider with no number: nobody, so the caller can refuse (NO_ADMIN_NUMBERS) instead of sending nowhere.
    await expect(setup(TWILIO_ENV, null).sut.recipients()).resolves.toEqual([]);
    // The console driver with a number sends to the number.
    await expect(setup({}, JSON.stringify(['+966501234567'])).sut.recipients()).resolves.toEqual([
      { whatsapp: '+966501234567', role: 'admin' },
    ]);
  });
});
